// /offers, 'Offers': Name, Title, Image, About Image, Amount ($, 2 decimals), Offer
// and the delete icon; the Add Offer modal. Offers customers do not see are marked Inactive.
import type { AdminOffer } from '../../../../contract/catalogue.js';
import { adminCatalogueText as t } from '../../../../contract/messages.js';
import { adminLists } from '../../../../contract/endpoints/listings.js';
import { money } from '../../../lib/format.js';
import type { Column } from '../../../ui/listing/ListingTable.js';
import { AddDeleteListing } from './AddDeleteListing.js';
import { useDeleteOffer } from './api.js';
import styles from './catalogue.module.css';
import { OfferDialog } from './OfferDialog.js';
import { imageColumn, Thumbnail } from './Thumbnail.js';

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
  imageColumn(),
  {
    header: t.aboutImage,
    cell: (row) => <Thumbnail path={row.aboutimage} alt={`${t.aboutImage}: ${row.title}`} />,
    narrow: true,
  },
  {
    header: t.amount,
    sort: 'amount',
    cell: (row) => <span className={styles.amount}>{money(row.amount)}</span>,
    narrow: true,
  },
  { header: t.offer, cell: (row) => <span className={styles.offerText}>{row.offer}</span> },
];

export default function OffersPage() {
  return (
    <AddDeleteListing
      title={t.offersTitle}
      endpoint={adminLists.offers}
      columns={columns}
      addLabel={t.addOffer}
      remove={useDeleteOffer()}
      dialog={(onClose) => <OfferDialog onClose={onClose} />}
    />
  );
}
