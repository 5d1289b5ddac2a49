// The support calls (paths/support.ts): the public contact form, the member's tickets and the
// back-office's answers, typed by the schemas of content.ts, member-tickets.ts and support.ts.
import type { z } from 'zod';
import type { contactBody } from '../content.js';
import { adminOnly, getting, posting } from '../endpoint.js';
import type { memberReplyBody, myTicket, newTicketBody } from '../member-tickets.js';
import { api } from '../paths/support.js';
import type {
  broadcastRecipients,
  replybackBody,
  replybackResult,
  ticketDetail,
  ticketReply,
  ticketReplyBody,
  ticketReplyResult,
  ticketResolveResult,
} from '../support.js';

type Replies = z.infer<typeof ticketReply>[];
type Replied = z.infer<typeof ticketReplyResult>;

export const supportEndpoints = {
  contact: posting<z.input<typeof contactBody>, undefined>(api.contact),
};

/** The signed-in member's own tickets. */
export const ticketEndpoints = {
  open: posting<z.input<typeof newTicketBody>, z.infer<typeof myTicket>>(api.memberTickets),
  list: getting<z.infer<typeof myTicket>[]>(api.myTicketsList),
  one: getting<z.infer<typeof myTicket>>(api.memberTicket),
  replies: getting<Replies>(api.memberTicketReplies),
  reply: posting<z.input<typeof memberReplyBody>, Replied>(api.memberTicketReply),
};

export const supportAdminEndpoints = adminOnly({
  replyToContact: posting<z.input<typeof replybackBody>, z.infer<typeof replybackResult>>(api.replayback),
  ticket: getting<z.infer<typeof ticketDetail>>(api.adminTicket),
  replies: getting<Replies>(api.adminTicketReplies),
  reply: posting<z.input<typeof ticketReplyBody>, Replied>(api.adminTicketReply),
  resolve: posting<undefined, z.infer<typeof ticketResolveResult>>(api.adminTicketResolve),
  broadcastRecipients: getting<z.infer<typeof broadcastRecipients>>(api.adminBroadcastRecipients),
});
