// The member's tickets: open one with a subject and a message, list their own,
// read the reply thread (the admin's answers and their own replies) and reply. Statuses as the
// admin sees them: pending is In Progress, resolved is Resolved.
import { z } from 'zod';
import { memberTicketText as t } from './messages.js';
import { supportLimits, ticketStatuses } from './support.js';

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

/** One of the member's tickets, as /my-tickets lists it and the ticket page heads it. */
export const myTicket = z.object({
  _id: z.uuid(),
  subject: z.string(),
  message: z.string(),
  status: z.enum(ticketStatuses),
  createdAt: z.string(),
  /** The last reply or status change. */
  updatedAt: z.string(),
});
export type MyTicket = z.infer<typeof myTicket>;
