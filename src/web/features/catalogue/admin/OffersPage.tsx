// /offers, 'Offers': Name, Title, Image, About Image, Amount ($, 2 decimals), Offer
// and the delete icon; the Add Offer modal. Offers customers do not see are marked Inactive.
import { useState } from 'react';
import type { AdminOffer } from '../../../../contract/catalogue.js';
import { adminCatalogueText as t, notice } from '../../../../contract/messages.js';
import { api } from '../../../../contract/paths.js';
import { moneyExact } from '../../../lib/format.js';
import { ListingTable, type Column } from '../../../ui/listing/ListingTable.js';
import { useDeleteOffer } from './api.js';
import styles from './catalogue.module.css';
import { OfferDialog } from './OfferDialog.js';
import { DeleteButton, RowIcons } from '../../../ui/listing/RowActions.js';
import { Thumbnail } from './Thumbnail.js';
import { useDeleteConfirm } from '../../../ui/listing/useDeleteConfirm.js';

export default function OffersPage() {
  const [adding, setAdding] = useState(false);
  const confirm = useDeleteConfirm(useDeleteOffer(), notice.deleted);

  const columns: Column<AdminOffer>[] = [
    {
      header: t.name,
      sort: 'name',
      cell: (row) => (
        <span className={styles.wordy}>
          {row.name}
          {!row.active && <span className={styles.badge}>{t.inactive}</span>}
        </span>
      ),
    },
    { header: t.title, sort: 'title', cell: (row) => <span className={styles.wordy}>{row.title}</span> },
    { header: t.image, cell: (row) => <Thumbnail path={row.image} alt={t.imageAlt(row.title)} />, narrow: true },
    {
      header: t.aboutImage,
      cell: (row) => <Thumbnail path={row.aboutimage} alt={`${t.aboutImage}: ${row.title}`} />,
      narrow: true,
    },
    {
      header: t.amount,
      sort: 'amount',
      cell: (row) => <span className={styles.amount}>{moneyExact(row.amount)}</span>,
      narrow: true,
    },
    { header: t.offer, cell: (row) => <span className={styles.offerText}>{row.offer}</span> },
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
        title={t.offersTitle}
        path={api.adminOffers}
        columns={columns}
        rowKey={(row) => row._id}
        actions={
          <button type="button" className="btn" onClick={() => setAdding(true)}>
            {t.addOffer}
          </button>
        }
      />
      {adding && <OfferDialog onClose={() => setAdding(false)} />}
      {confirm.dialog}
    </>
  );
}
