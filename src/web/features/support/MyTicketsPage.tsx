// /my-tickets: the member's tickets, newest first, a page at a time, each with its status
// (In Progress / Resolved) and a link to its thread. A new notification (an answer) refreshes it.
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { adminListText, memberTicketText as t, text } from '../../../contract/messages.js';
import { fill, routes } from '../../../contract/paths.js';
import { shortDate } from '../../lib/dates.js';
import { Empty, QueryState } from '../../ui/states.js';
import { ticketKeys, useMyTickets } from './api.js';
import { TicketStatus } from './TicketStatus.js';
import styles from './tickets.module.css';
import { useRefreshOnNotification } from '../notifications/index.js';
import listStyles from '../../ui/lists.module.css';
import pageHead from '../../ui/pageHead.module.css';
import { Pager } from '../../ui/Pager.js';

export default function MyTicketsPage() {
  const [page, setPage] = useState(1);
  const list = useMyTickets(page);
  useRefreshOnNotification(ticketKeys.all);
  const rows = list.data?.items ?? [];
  const meta = list.data?.meta ?? { page, limit: 20, total: 0 };
  const pages = Math.max(1, Math.ceil(meta.total / meta.limit));

  useEffect(() => {
    document.title = `${t.listHeading} · ${text.brand}`;
  }, []);

  return (
    <section className={`container page ${styles.page}`} aria-labelledby="my-tickets-heading">
      <div className={pageHead.head}>
        <h1 id="my-tickets-heading">{t.listHeading}</h1>
        <Link className="btn" to={routes.newTicket}>
          {t.newTicket}
        </Link>
      </div>
      <QueryState query={list} keepData isEmpty={() => rows.length === 0} empty={<Empty>{t.noTickets}</Empty>}>
        {() => (
          <>
            <ul className={listStyles.stack} aria-busy={list.isFetching || undefined}>
              {rows.map((ticket) => (
                <li key={ticket._id} className={styles.item}>
                  <div className={styles.itemHead}>
                    <Link
                      to={fill(routes.myTicket, { id: ticket._id })}
                      className={styles.subject}
                      aria-label={t.viewTicket(ticket.subject)}
                    >
                      {ticket.subject}
                    </Link>
                    <TicketStatus status={ticket.status} />
                  </div>
                  <p className={styles.preview}>{ticket.message}</p>
                  <p className={styles.meta}>
                    {t.created} <time dateTime={ticket.createdAt}>{shortDate(ticket.createdAt)}</time> · {t.updated}{' '}
                    <time dateTime={ticket.updatedAt}>{shortDate(ticket.updatedAt)}</time>
                  </p>
                </li>
              ))}
            </ul>
            <Pager
              page={meta.page}
              total={meta.total}
              limit={meta.limit}
              onPage={setPage}
              label={adminListText.pageOf(meta.page, pages)}
            />
          </>
        )}
      </QueryState>
    </section>
  );
}
