// Notifications (/Notifications) and the live events that reach open pages.
// A notification without a user is an admin broadcast to every member.
import { z } from 'zod';

/**
 * What a notification is about, the only kinds the server writes: a booking's request, answer or
 * change; a new chat message; a support ticket's answer or close; wallet money moved by an admin;
 * a visit to rate; an admin broadcast (a row without a user).
 */
export const notificationKinds = ['booking', 'message', 'ticket', 'wallet', 'rating', 'broadcast'] as const;
export type NotificationKind = (typeof notificationKinds)[number];

export const notificationItem = z.object({
  _id: z.uuid(),
  /** One of notificationKinds; read as text, so a page shows a kind it does not know as a plain notice. */
  kind: z.string(),
  message: z.string(),
  createdAt: z.string(),
  read: z.boolean(),
  broadcast: z.boolean(),
  /**
   * Ids the page can link with (`fromUser` of a message; `providerId` and `serviceId` of an expired
   * request, to book that provider again); null when there are none.
   */
  data: z.record(z.string(), z.unknown()).nullable(),
});
export type NotificationItem = z.infer<typeof notificationItem>;

export const unreadCount = z.object({ count: z.number().int() });
export type UnreadCount = z.infer<typeof unreadCount>;

// ---------------------------------------------------------------- live events

/** Server-sent event names on GET /v1/live. `resync`: events may have been missed, read again. */
export const liveEventNames = ['message', 'notification', 'resync'] as const;

/**
 * What a live event carries: ids and a kind, never the text (the page reads it through the API,
 * which checks who may see it). Kept small: it travels through PostgreSQL NOTIFY (< 8000 bytes).
 */
export type LiveEvent =
  | { type: 'message'; data: { _id: string; fromUser: string; toUser: string; createdAt: string } }
  /** `_id` null with kind 'read': the member's notifications were all marked read. */
  | { type: 'notification'; data: { _id: string | null; kind: NotificationKind | 'read'; broadcast: boolean } }
  | { type: 'resync'; data: Record<string, never> };

/** How long the client waits before reconnecting (SSE `retry:`), and the heartbeat period. */
export const liveTiming = { retryMs: 3000, heartbeatMs: 25_000 } as const;
