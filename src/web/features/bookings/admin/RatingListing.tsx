// The admin's ratings table: /ratings (real ratings, where the old app had placeholder rows) and
// one provider's on /vendorDetail. Hide takes a review away from customers (and from the
// provider's average); Unhide brings it back. Each asks first, naming the review's customer and
// provider; the row changes once the server said yes, and the toast offers Undo. /ratings has a
// Status filter (visible, hidden), kept in the URL and applied to the export too.
import { Link } from 'react-router';
import { ratingStatuses, type AdminRatingRow } from '../../../../contract/bookings.js';
import { adminBookingText as t, adminListText } from '../../../../contract/messages.js';
import { adminLists } from '../../../../contract/endpoints/listings.js';
import { routes } from '../../../../contract/paths.js';
import { shortDate } from '../../../lib/dates.js';
import { Stars } from '../../../ui/Stars.js';
import { hideQuestion } from '../../../ui/adminQuestions.js';
import { useConfirmedChange } from '../../../ui/useConfirmedChange.js';
import { ListingTable, type Column } from '../../../ui/listing/ListingTable.js';
import { useStatusFilter } from '../../../ui/listing/StatusFilter.js';
import listStyles from '../../../ui/listing/listing.module.css';
import { useHideRating } from './ratings.api.js';
import styles from './ratings.module.css';

interface RatingListingProps {
  title: string;
  /** One provider's ratings, inside its detail page. */
  providerId?: string;
}

export function RatingListing({ title, providerId }: RatingListingProps) {
  const hide = useHideRating();
  const change = useConfirmedChange(hide.mutateAsync);
  // A provider's own ratings (on /vendorDetail) are listed whole.
  const { filter, query } = useStatusFilter(ratingStatuses, {
    label: t.status,
    allLabel: t.allStatuses,
    labels: { visible: t.visible, hidden: t.hidden },
    enabled: !providerId,
  });
  const columns: Column<AdminRatingRow>[] = [
    { header: t.customer, sort: 'customer', cell: (row) => row.rate_by.name },
    ...(providerId
      ? []
      : [
          {
            header: t.provider,
            sort: 'provider',
            cell: (row: AdminRatingRow) => (
              <Link to={`${routes.vendorDetail}?id=${row.rate_to._id}`}>{row.rate_to.name}</Link>
            ),
          },
        ]),
    {
      header: t.rating,
      sort: 'rating',
      narrow: true,
      cell: (row) => (
        <span className={styles.rating}>
          <Stars value={row.count} small />
          <span aria-hidden="true">{t.outOfFive(row.count)}</span>
        </span>
      ),
    },
    {
      header: t.comment,
      cell: (row) => (
        <span className={`${listStyles.clamp} ${styles.comment}`} title={row.comment} tabIndex={0}>
          {row.comment}
        </span>
      ),
    },
    { header: t.date, sort: 'date', cell: (row) => shortDate(row.createdAt), narrow: true },
    {
      header: t.status,
      cell: (row) => (
        <span className={row.hidden ? styles.hidden : styles.visible}>{row.hidden ? t.hidden : t.visible}</span>
      ),
      narrow: true,
    },
    {
      header: adminListText.action,
      cell: (row) => <HideButton row={row} onClick={() => change.ask(hideQuestion(row))} />,
      narrow: true,
    },
  ];
  return (
    <>
      <ListingTable
        title={title}
        endpoint={adminLists.ratings}
        columns={columns}
        rowKey={(row) => row._id}
        {...(providerId
          ? { extraQuery: { providerId }, paramPrefix: 'ratings.', headingLevel: 3 as const, documentTitle: false }
          : { extraQuery: query, actions: filter })}
      />
      {change.dialog}
    </>
  );
}

function HideButton({ row, onClick }: { row: AdminRatingRow; onClick(): void }) {
  const label = row.hidden ? t.unhide : t.hide;
  return (
    <div className={listStyles.rowActions}>
      <button
        type="button"
        className={row.hidden ? 'btn' : 'btn btn-outline'}
        onClick={onClick}
        aria-label={`${label}: ${row.rate_by.name}, ${shortDate(row.createdAt)}`}
      >
        {label}
      </button>
    </div>
  );
}
