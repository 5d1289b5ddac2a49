// Tickets as the admin works them on /ticketdetail: the ticket with its member, replies (which
// tell the member) and resolving; the thread itself is read and written as the member's side does
// (tickets.service.ts). A reply to a resolved ticket opens it again: an answer means the
// conversation goes on, so the ticket is back 'In Progress' until resolved anew.
import { eq, sql } from 'drizzle-orm';
import { adminSupportText as t } from '../../../contract/messages.js';
import type { TicketDetail, TicketReply, TicketStatus } from '../../../contract/support.js';
import type { Db } from '../../db/client.js';
import { tickets, users } from '../../db/schema.js';
import { conflict, notFound } from '../../errors.js';
import { insertNotification } from '../notifications/notifications.service.js';
import { insertReply, ticketColumns, toTicket } from './tickets.service.js';

export async function ticketDetail(db: Db, ticketId: string): Promise<TicketDetail> {
  const [row] = await db
    .select({
      ...ticketColumns,
      userId: users.id,
      name: users.name,
      email: users.email,
      phone: users.phone,
    })
    .from(tickets)
    .innerJoin(users, eq(users.id, tickets.userId))
    .where(eq(tickets.id, ticketId));
  if (!row) throw notFound(t.ticketNotFound);
  const { userId, name, email, phone, ...ticket } = row;
  return { ...toTicket(ticket), user: { _id: userId, name, email, phone } };
}

export interface TicketReplyOutcome {
  reply: TicketReply;
  status: TicketStatus;
}

/** An admin's answer: stored, the ticket (re)opened and touched, the member notified, atomically. */
export async function replyToTicket(
  db: Db,
  adminId: string,
  ticketId: string,
  message: string,
): Promise<TicketReplyOutcome> {
  return db.transaction(async (tx) => {
    const [ticket] = await tx
      .update(tickets)
      .set({ status: 'pending', updatedAt: sql`now()` })
      .where(eq(tickets.id, ticketId))
      .returning({ userId: tickets.userId, subject: tickets.subject, status: tickets.status });
    if (!ticket) throw notFound(t.ticketNotFound);
    const reply = await insertReply(tx, ticketId, adminId, message);
    await insertNotification(tx, ticket.userId, {
      notice: 'ticketAnswered',
      ticketId,
      subject: ticket.subject,
      answer: message,
    });
    return { reply, status: ticket.status };
  });
}

/** Resolves a ticket once (409 when it already is) and tells the member. */
export async function resolveTicket(db: Db, ticketId: string): Promise<void> {
  await db.transaction(async (tx) => {
    const [ticket] = await tx
      .select({ userId: tickets.userId, subject: tickets.subject, status: tickets.status })
      .from(tickets)
      .where(eq(tickets.id, ticketId))
      .for('update');
    if (!ticket) throw notFound(t.ticketNotFound);
    if (ticket.status === 'resolved') throw conflict(t.alreadyResolved);
    await tx
      .update(tickets)
      .set({ status: 'resolved', updatedAt: sql`now()` })
      .where(eq(tickets.id, ticketId));
    await insertNotification(tx, ticket.userId, {
      notice: 'ticketResolved',
      ticketId,
      subject: ticket.subject,
    });
  });
}
