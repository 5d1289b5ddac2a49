// /banners, 'Banners': Title, Image and the delete icon; the Add Banner modal.
import type { Banner } from '../../../../contract/catalogue.js';
import { adminCatalogueText as t } from '../../../../contract/messages.js';
import { adminLists } from '../../../../contract/endpoints/listings.js';
import { AddDeleteListing } from './AddDeleteListing.js';
import { useDeleteBanner } from './api.js';
import { BannerDialog } from './BannerDialog.js';
import { imageColumn } from './Thumbnail.js';

export default function BannersPage() {
  return (
    <AddDeleteListing<Banner>
      title={t.bannersTitle}
      endpoint={adminLists.banners}
      columns={[{ header: t.title, sort: 'title', cell: (row) => row.title }, imageColumn()]}
      addLabel={t.addBanner}
      remove={useDeleteBanner()}
      dialog={(onClose) => <BannerDialog onClose={onClose} />}
    />
  );
}
