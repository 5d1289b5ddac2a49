// The member's tickets: open one with a subject and a message, list their own,
// read the reply thread (the admin's answers and their own replies) and reply. Statuses as the
// admin sees them: pending is In Progress, resolved is Resolved.
import { z } from 'zod';
import { memberTicketText as t } from './messages.js';
import { supportLimits, ticketDetail } from './support.js';

export const memberTicketLimits = { subjectMax: 150, messageMax: supportLimits.replyMax } as const;

const required = (missing: string, tooLong: string, max: number) =>
  z.string({ error: missing }).trim().min(1, { error: missing }).max(max, { error: tooLong });

/** POST /tickets: subject, then message (the order the form shows them). */
export const newTicketBody = z.object({
  subject: required(t.subjectRequired, t.subjectTooLong, memberTicketLimits.subjectMax),
  message: required(t.messageRequired, t.messageTooLong, memberTicketLimits.messageMax),
});
export type NewTicketInput = z.input<typeof newTicketBody>;

/** POST /tickets/:id/reply. */
export const memberReplyBody = z.object({
  message: required(t.messageRequired, t.messageTooLong, memberTicketLimits.messageMax),
});
export type MemberReplyInput = z.input<typeof memberReplyBody>;

/**
 * One of the member's tickets, as /my-tickets lists it and the ticket page heads it: what the
 * admin's ticket page shows, without the member.
 */
export const myTicket = ticketDetail.omit({ user: true });
export type MyTicket = z.infer<typeof myTicket>;
