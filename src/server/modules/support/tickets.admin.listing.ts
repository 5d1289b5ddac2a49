// Tickets as the admin lists them on /tickets (GET /users/adminticketsListing): newest first, with
// the member's email, searched in email, name, subject and message, narrowed by status.
import { and, count, eq } from 'drizzle-orm';
import { adminSupportText as t } from '../../../contract/messages.js';
import type { TicketRow, TicketStatus, ticketSorts } from '../../../contract/support.js';
import { tickets, users } from '../../db/schema.js';
import { searchIn, selectListing, withIsoCreatedAt, type Listing } from '../../platform/listing.js';

type Filter = { status?: TicketStatus };

export const ticketListing: Listing<TicketRow, (typeof ticketSorts)[number], Filter> = selectListing({
  sorts: { createdAt: tickets.createdAt, status: tickets.status, subject: tickets.subject, email: users.email },
  defaultSort: 'createdAt',
  defaultOrder: 'desc',
  tiebreak: tickets.id,
  select: (db) =>
    db
      .select({
        _id: tickets.id,
        name: users.name,
        email: users.email,
        subject: tickets.subject,
        message: tickets.message,
        status: tickets.status,
        createdAt: tickets.createdAt,
      })
      .from(tickets)
      .innerJoin(users, eq(users.id, tickets.userId))
      .$dynamic(),
  counted: (db) => db.select({ n: count() }).from(tickets).innerJoin(users, eq(users.id, tickets.userId)),
  where: ({ q, status }) =>
    and(
      status ? eq(tickets.status, status) : undefined,
      searchIn(q, users.email, users.name, tickets.subject, tickets.message),
    ),
  row: withIsoCreatedAt,
  sheet: {
    name: 'Tickets',
    file: 'tickets',
    columns: [
      { header: t.email, width: 32, cell: (row) => row.email },
      { header: t.name, width: 24, cell: (row) => row.name },
      { header: t.subject, width: 36, cell: (row) => row.subject },
      { header: t.message, width: 60, cell: (row) => row.message },
      { header: t.status, width: 14, cell: (row) => t.ticketStatus[row.status] },
      { header: t.created, width: 14, cell: (row) => new Date(row.createdAt) },
    ],
  },
});
