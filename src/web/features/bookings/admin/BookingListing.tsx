// The admin's bookings table: /bookinglist (Customer Name, Contractor Name, Address,
// Date, Time, Phone; plus the Service, Total and Status the old app lacked, a View link to the
// booking's page, and no empty Role column) and one provider's bookings on /vendorDetail. The whole list has a Status filter, kept in the URL like the
// page, search and sort, and applied to the export too.
import { Link } from 'react-router';
import { bookingReference, bookingStatuses, type AdminBookingRow } from '../../../../contract/bookings.js';
import { adminBookingText as t, bookingText } from '../../../../contract/messages.js';
import { adminLists } from '../../../../contract/endpoints/listings.js';
import { routes } from '../../../../contract/paths.js';
import { clockTime, shortDate } from '../../../lib/dates.js';
import { money } from '../../../lib/format.js';
import { ListingTable, type Column } from '../../../ui/listing/ListingTable.js';
import { useStatusFilter } from '../../../ui/listing/StatusFilter.js';
import listStyles from '../../../ui/listing/listing.module.css';
import styles from './bookings.module.css';

const cardFilters = ['attention'] as const;

interface BookingListingProps {
  title: string;
  actions?: React.ReactNode;
  /** One provider's bookings, inside its detail page. */
  providerId?: string;
}

export function BookingListing({ title, actions, providerId }: BookingListingProps) {
  // A provider's own bookings (on /vendorDetail) are listed whole.
  const { filter, query } = useStatusFilter(bookingStatuses, {
    label: t.status,
    allLabel: t.allStatuses,
    labels: bookingText.status,
    enabled: !providerId,
  });
  // The dashboard's work queue links here: the bookings whose card payment waits for an administrator.
  const payment = useStatusFilter(cardFilters, {
    label: t.cardPayment,
    allLabel: t.anyPayment,
    labels: { attention: t.needsAttention },
    enabled: !providerId,
    param: 'payment',
  });
  const columns: Column<AdminBookingRow>[] = [
    { header: t.customerName, sort: 'customer', cell: (row) => row.bookedby.name },
    ...(providerId
      ? []
      : [
          {
            header: t.contractorName,
            sort: 'provider',
            cell: (row: AdminBookingRow) => (
              <Link to={`${routes.vendorDetail}?id=${row.bookedto._id}`}>{row.bookedto.name}</Link>
            ),
          },
        ]),
    { header: t.service, cell: (row) => row.service?.title ?? '—' },
    {
      header: t.address,
      cell: (row) => (
        <span className={`${listStyles.clamp} ${styles.address}`} title={row.address} tabIndex={0}>
          {row.address}
        </span>
      ),
    },
    { header: t.date, sort: 'date', cell: (row) => shortDate(row.date), narrow: true },
    { header: t.time, cell: (row) => clockTime(row.time), narrow: true },
    { header: t.phone, cell: (row) => row.phone, narrow: true },
    { header: t.total, cell: (row) => money(row.totalCents), narrow: true },
    {
      header: t.status,
      cell: (row) => <span className={`${styles.status} ${styles[row.status]}`}>{bookingText.status[row.status]}</span>,
      narrow: true,
    },
    {
      header: t.action,
      narrow: true,
      cell: (row) => (
        <Link to={`${routes.bookingDetail}?id=${row._id}`} aria-label={t.viewBooking(bookingReference(row._id))}>
          {t.view}
        </Link>
      ),
    },
  ];

  return (
    <ListingTable
      title={title}
      endpoint={adminLists.bookings}
      columns={columns}
      rowKey={(row) => row._id}
      actions={
        providerId ? (
          actions
        ) : (
          <>
            {filter}
            {payment.filter}
            {actions}
          </>
        )
      }
      {...(providerId
        ? { extraQuery: { providerId }, paramPrefix: 'bookings.', headingLevel: 3 as const, documentTitle: false }
        : { extraQuery: { ...query, ...payment.query } })}
    />
  );
}
