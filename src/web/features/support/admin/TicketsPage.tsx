// /tickets 'Ticket Listing': Email, Subject, Message, Status (pending shows as
// In Progress, resolved as Resolved) and a link to /ticketdetail?id=… per row. The status filter
// lives in the URL like the page, search and sort.
import { Link } from 'react-router';
import { adminListText, adminSupportText as t } from '../../../../contract/messages.js';
import { adminLists } from '../../../../contract/endpoints/listings.js';
import { routes } from '../../../../contract/paths.js';
import { ticketStatuses, type TicketRow } from '../../../../contract/support.js';
import { ListingTable, type Column } from '../../../ui/listing/ListingTable.js';
import { useStatusFilter } from '../../../ui/listing/StatusFilter.js';
import listStyles from '../../../ui/listing/listing.module.css';
import styles from './support.module.css';
import { TicketStatusBadge } from './TicketStatusBadge.js';

export default function TicketsPage() {
  const { filter, query } = useStatusFilter(ticketStatuses, {
    label: t.status,
    allLabel: t.allStatuses,
    labels: t.ticketStatus,
  });

  const columns: Column<TicketRow>[] = [
    { header: t.email, sort: 'email', cell: (row) => row.email ?? row.name },
    { header: t.subject, sort: 'subject', cell: (row) => row.subject },
    {
      header: t.message,
      cell: (row) => (
        <span className={`${listStyles.clamp} ${styles.messageCell}`} tabIndex={0}>
          {row.message}
        </span>
      ),
    },
    { header: t.status, sort: 'status', cell: (row) => <TicketStatusBadge status={row.status} />, narrow: true },
    {
      header: t.action,
      narrow: true,
      cell: (row) => (
        <Link to={`${routes.ticketDetail}?id=${row._id}`} aria-label={t.viewTicket(row.subject)}>
          {adminListText.view}
        </Link>
      ),
    },
  ];

  return (
    <ListingTable
      title={t.ticketsTitle}
      endpoint={adminLists.tickets}
      columns={columns}
      rowKey={(row) => row._id}
      actions={filter}
      extraQuery={query}
    />
  );
}
