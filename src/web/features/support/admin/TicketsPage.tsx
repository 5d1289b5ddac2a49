// /tickets 'Ticket Listing': Email, Subject, Message, Status (pending shows as
// In Progress, resolved as Resolved) and a link to /ticketdetail?id=… per row. The status filter
// lives in the URL like the page, search and sort.
import { useId } from 'react';
import { Link, useSearchParams } from 'react-router';
import { adminListText, adminSupportText as t } from '../../../../contract/messages.js';
import { api, routes } from '../../../../contract/paths.js';
import { ticketStatuses, type TicketRow, type TicketStatus } from '../../../../contract/support.js';
import { ListingTable, type Column } from '../../../ui/listing/ListingTable.js';
import listStyles from '../../../ui/listing/listing.module.css';
import styles from './support.module.css';
import { TicketStatusBadge } from './TicketStatusBadge.js';

const isStatus = (value: string | null): value is TicketStatus => ticketStatuses.includes(value as TicketStatus);

export default function TicketsPage() {
  const [searchParams, setSearchParams] = useSearchParams();
  const raw = searchParams.get('status');
  const status = isStatus(raw) ? raw : null;
  const filterId = useId();

  const onStatus = (value: string) =>
    setSearchParams((current) => {
      const next = new URLSearchParams(current);
      if (value) next.set('status', value);
      else next.delete('status');
      next.delete('page');
      return next;
    });

  const columns: Column<TicketRow>[] = [
    { header: t.email, sort: 'email', cell: (row) => row.email ?? row.name },
    { header: t.subject, sort: 'subject', cell: (row) => row.subject },
    {
      header: t.message,
      cell: (row) => <span className={`${listStyles.clamp} ${styles.messageCell}`}>{row.message}</span>,
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

  const filter = (
    <div className={styles.filter}>
      <label htmlFor={filterId}>{t.status}</label>
      <select id={filterId} value={status ?? ''} onChange={(event) => onStatus(event.target.value)}>
        <option value="">{t.allStatuses}</option>
        {ticketStatuses.map((value) => (
          <option key={value} value={value}>
            {t.ticketStatus[value]}
          </option>
        ))}
      </select>
    </div>
  );

  return (
    <ListingTable
      title={t.ticketsTitle}
      path={api.adminTicketsListing}
      columns={columns}
      rowKey={(row) => row._id}
      actions={filter}
      extraQuery={status ? { status } : {}}
    />
  );
}
