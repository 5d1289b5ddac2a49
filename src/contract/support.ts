// Support messages, tickets and broadcasts as the back-office sees them (/support,
// /tickets, /ticketdetail, /notification; POST /services/replayback, adminticketsListing).
import { z } from 'zod';
import { listQuery } from './admin.js';
import { adminSupportText as t, validation as v } from './messages.js';

export const supportLimits = { emailMax: 100, replyMax: 5000 } as const;

// ---------------------------------------------------------------- support messages (/support)
export const supportStatuses = ['pending', 'replied'] as const;
export type SupportStatus = (typeof supportStatuses)[number];

export const supportSorts = ['createdAt', 'name', 'email', 'status'] as const;
export const supportListQuery = listQuery(supportSorts).extend({
  status: z.enum(supportStatuses, { error: t.supportStatusInvalid }).optional(),
});

export const supportRow = z.object({
  _id: z.uuid(),
  name: z.string(),
  email: z.string(),
  message: z.string(),
  status: z.enum(supportStatuses),
  createdAt: z.string(),
});
export type SupportRow = z.infer<typeof supportRow>;

const replyText = z
  .string({ error: v.messageRequired })
  .trim()
  .min(1, { error: v.messageRequired })
  .max(supportLimits.replyMax, { error: t.replyTooLong });

/** POST /services/replayback, the 'ADD DETAILS' modal: both fields required. */
export const replybackBody = z.object({
  Email: z
    .string({ error: v.emailRequired })
    .trim()
    .min(1, { error: v.emailRequired })
    .max(supportLimits.emailMax, { error: v.emailInvalid })
    .regex(/^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/, { error: v.emailInvalid })
    .transform((s) => s.toLowerCase()),
  Message: replyText,
  _id: z.uuid({ error: t.supportIdInvalid }),
});
export type ReplybackBody = z.input<typeof replybackBody>;

export const replybackResult = z.object({ _id: z.uuid(), status: z.literal('replied') });

// ---------------------------------------------------------------- tickets (/tickets, /ticketdetail)
export const ticketStatuses = ['pending', 'resolved'] as const;
export type TicketStatus = (typeof ticketStatuses)[number];

export const ticketSorts = ['createdAt', 'status', 'subject', 'email'] as const;
export const ticketListQuery = listQuery(ticketSorts).extend({
  status: z.enum(ticketStatuses, { error: t.ticketStatusInvalid }).optional(),
});

export const ticketRow = z.object({
  _id: z.uuid(),
  name: z.string(),
  email: z.string().nullable(),
  subject: z.string(),
  message: z.string(),
  status: z.enum(ticketStatuses),
  createdAt: z.string(),
});
export type TicketRow = z.infer<typeof ticketRow>;

export const ticketIdParam = z.object({ id: z.uuid({ error: t.ticketIdInvalid }) });

export const ticketDetail = z.object({
  _id: z.uuid(),
  subject: z.string(),
  message: z.string(),
  status: z.enum(ticketStatuses),
  createdAt: z.string(),
  /** The last reply or status change. */
  updatedAt: z.string(),
  user: z.object({ _id: z.uuid(), name: z.string(), email: z.string().nullable(), phone: z.string().nullable() }),
});
export type TicketDetail = z.infer<typeof ticketDetail>;

/** One message of a ticket's thread; `admin` replies show as 'Admin', the others as the member. */
export const ticketReply = z.object({
  _id: z.uuid(),
  message: z.string(),
  createdAt: z.string(),
  author: z.object({ _id: z.uuid(), name: z.string(), admin: z.boolean() }),
});
export type TicketReply = z.infer<typeof ticketReply>;

export const ticketReplyBody = z.object({ message: replyText });
export type TicketReplyBody = z.input<typeof ticketReplyBody>;

export const ticketReplyResult = z.object({ reply: ticketReply, status: z.enum(ticketStatuses) });
export const ticketResolveResult = z.object({ _id: z.uuid(), status: z.literal('resolved') });

// ---------------------------------------------------------------- broadcasts (/notification)
export const broadcastSorts = ['createdAt'] as const;
export const broadcastListQuery = listQuery(broadcastSorts);

export const broadcastRow = z.object({
  _id: z.uuid(),
  message: z.string(),
  createdAt: z.string(),
  /** The admin who posted it; null for broadcasts from before admins were recorded. */
  sentBy: z.string().nullable(),
});
export type BroadcastRow = z.infer<typeof broadcastRow>;

export const broadcastRecipients = z.object({ members: z.number().int().nonnegative() });
export type BroadcastRecipients = z.infer<typeof broadcastRecipients>;
