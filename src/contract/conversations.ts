// Messages between members (/Messages_new, the provider dialog's message, calls).
// The sender is always the signed-in member: a `fromUser` that is not the caller is refused.
import { z } from 'zod';
import { validation } from './messages.js';

export const messageLimits = { max: 2000 } as const;

/** Blank (or only spaces) is 'Please enter your msg', as the provider dialog alerts. */
export const messageText = z
  .string({ error: validation.emptyMsg })
  .trim()
  .min(1, { error: validation.emptyMsg })
  .max(messageLimits.max, { error: validation.msgTooLong });

export const sendMessageBody = z.object({
  message: messageText,
  toUser: z.uuid(),
  /** Sent by the old provider dialog; when present it must be the caller's own id. */
  fromUser: z.uuid().optional(),
});
export type SendMessageBody = z.infer<typeof sendMessageBody>;

/** One message as stored: ids of both members, the time it was sent (ISO). */
export const chatMessage = z.object({
  _id: z.uuid(),
  message: z.string(),
  fromUser: z.uuid(),
  toUser: z.uuid(),
  createdAt: z.string(),
});
export type ChatMessage = z.infer<typeof chatMessage>;

/** The other member of a conversation. */
export const chatPartner = z.object({ _id: z.uuid(), name: z.string(), image: z.string().nullable() });
export type ChatPartner = z.infer<typeof chatPartner>;

/** How many people /Messages_new offers to start a conversation with. */
export const contactLimit = 50;

/** A row of the conversation list: the partner, the last message either way, and how many of theirs are unread. */
export const conversation = z.object({
  user: chatPartner,
  message: z.string(),
  createdAt: z.string(),
  unread: z.number().int(),
});
export type Conversation = z.infer<typeof conversation>;

export const userIdParam = z.object({ userId: z.uuid() });

/** The thread between the caller (`fromUser`) and `toUser`. */
export const threadBody = z.object({ fromUser: z.uuid(), toUser: z.uuid() });
export type ThreadBody = z.infer<typeof threadBody>;

/** A page of the thread, newest first, with the partner (so a new conversation can show who it is with). */
export const threadPage = z.object({
  status: z.literal(1),
  message: z.string().optional(),
  data: z.array(chatMessage),
  meta: z.object({ page: z.number().int(), limit: z.number().int(), total: z.number().int() }),
  partner: chatPartner,
});
