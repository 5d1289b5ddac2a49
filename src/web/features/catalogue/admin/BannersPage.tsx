// /banners, 'Banners': Title, Image and the delete icon; the Add Banner modal.
import { useState } from 'react';
import type { Banner } from '../../../../contract/catalogue.js';
import { adminCatalogueText as t, notice } from '../../../../contract/messages.js';
import { api } from '../../../../contract/paths.js';
import { ListingTable, type Column } from '../../../ui/listing/ListingTable.js';
import { useDeleteBanner } from './api.js';
import { BannerDialog } from './BannerDialog.js';
import { DeleteButton, RowIcons } from '../../../ui/listing/RowActions.js';
import { Thumbnail } from './Thumbnail.js';
import { useDeleteConfirm } from '../../../ui/listing/useDeleteConfirm.js';

export default function BannersPage() {
  const [adding, setAdding] = useState(false);
  const confirm = useDeleteConfirm(useDeleteBanner(), notice.deleted);

  const columns: Column<Banner>[] = [
    { header: t.title, sort: 'title', cell: (row) => row.title },
    { header: t.image, cell: (row) => <Thumbnail path={row.image} alt={t.imageAlt(row.title)} />, narrow: true },
    {
      header: t.action,
      narrow: true,
      cell: (row) => (
        <RowIcons>
          <DeleteButton label={t.deleteLabel(row.title)} onClick={() => confirm.ask(row._id)} />
        </RowIcons>
      ),
    },
  ];

  return (
    <>
      <ListingTable
        title={t.bannersTitle}
        path={api.adminBanners}
        columns={columns}
        rowKey={(row) => row._id}
        actions={
          <button type="button" className="btn" onClick={() => setAdding(true)}>
            {t.addBanner}
          </button>
        }
      />
      {adding && <BannerDialog onClose={() => setAdding(false)} />}
      {confirm.dialog}
    </>
  );
}
