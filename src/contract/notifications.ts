// Notifications (/Notifications) and the live events that reach open pages.
// A notification without a user is an admin broadcast to every member.
import { z } from 'zod';
import { clockTime, money, noticeDate } from './format.js';
import {
  adminSupportText,
  bookingText,
  chatText,
  eventText,
  providerPortalText,
  reminderText,
  rescheduleText,
} from './messages.js';
import { hundredthsText } from './wallet.js';

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
   * What the notice says, as data (a `Notice`, named by its `notice` field), which the page words
   * and formats itself; `message` is the same text written by the server. The ids in it link the
   * notice to its subject (`bookingId`, `fromUser`, `ticketId`; `providerId` and `serviceId` of an
   * expired request, to book that provider again). Null for a broadcast.
   */
  data: z.record(z.string(), z.unknown()).nullable(),
});
export type NotificationItem = z.infer<typeof notificationItem>;

// ---------------------------------------------------------------- what a notice says

const bookingAt = { bookingId: z.uuid(), date: z.string(), time: z.string() };
const reminderStage = z.enum(['24h', '2h']);

/**
 * A personal notification's content as it is stored (`data`): its facts, never formatted text,
 * so every list words and formats them one way (`noticeText`).
 */
export const notice = z.discriminatedUnion('notice', [
  /** To the provider. */
  z.object({ notice: z.literal('bookingRequested'), ...bookingAt, customer: z.string() }),
  z.object({
    notice: z.literal('bookingMoved'),
    ...bookingAt,
    customer: z.string(),
    fromDate: z.string(),
    fromTime: z.string(),
  }),
  z.object({ notice: z.literal('bookingCancelled'), ...bookingAt, customer: z.string() }),
  z.object({
    notice: z.literal('requestExpiredForProvider'),
    ...bookingAt,
    status: z.literal('expired'),
    customer: z.string(),
  }),
  z.object({
    notice: z.literal('jobReminder'),
    ...bookingAt,
    stage: reminderStage,
    customer: z.string(),
  }),
  /** To the customer. */
  z.object({
    notice: z.literal('bookingAnswered'),
    ...bookingAt,
    status: z.enum(['accepted', 'declined', 'completed']),
    provider: z.string(),
  }),
  z.object({
    notice: z.literal('requestExpired'),
    ...bookingAt,
    status: z.literal('expired'),
    provider: z.string(),
    providerId: z.uuid(),
    serviceId: z.uuid().nullable(),
  }),
  z.object({ notice: z.literal('bookingReminder'), ...bookingAt, stage: reminderStage, provider: z.string() }),
  /** To any member. */
  z.object({ notice: z.literal('message'), fromUser: z.uuid(), messageId: z.uuid(), sender: z.string() }),
  z.object({ notice: z.literal('ticketAnswered'), ticketId: z.uuid(), subject: z.string(), answer: z.string() }),
  z.object({ notice: z.literal('ticketResolved'), ticketId: z.uuid(), subject: z.string() }),
  z.object({
    notice: z.literal('withdraw'),
    transactionId: z.uuid(),
    outcome: z.enum(['paid', 'cancelled']),
    amountCents: z.number().int(),
  }),
  z.object({
    notice: z.literal('distribution'),
    distributionId: z.uuid(),
    type: z.enum(['profit', 'loss']),
    basisPoints: z.number().int(),
    category: z.string(),
    amountCents: z.number().int(),
  }),
]);
export type Notice = z.infer<typeof notice>;

/** The kind each notice is listed and linked as. */
export const noticeKinds: Record<Notice['notice'], NotificationKind> = {
  bookingRequested: 'booking',
  bookingMoved: 'booking',
  bookingCancelled: 'booking',
  requestExpiredForProvider: 'booking',
  jobReminder: 'booking',
  bookingAnswered: 'booking',
  requestExpired: 'booking',
  bookingReminder: 'booking',
  message: 'message',
  ticketAnswered: 'ticket',
  ticketResolved: 'ticket',
  withdraw: 'wallet',
  distribution: 'wallet',
};

const answered = {
  accepted: providerPortalText.acceptedNotice,
  declined: providerPortalText.declinedNotice,
  completed: providerPortalText.completedNotice,
};

type BookingNotice = Extract<Notice, { date: string }>;

/** A notice in words, its days, times and money written as every page writes them. */
export function noticeText(n: Notice): string {
  if ('date' in n) return bookingNoticeText(n, noticeDate(n.date), clockTime(n.time));
  switch (n.notice) {
    case 'message':
      return `${chatText.newMessageFrom} ${n.sender}`;
    case 'ticketAnswered':
      return adminSupportText.ticketAnswered(n.subject, n.answer);
    case 'ticketResolved':
      return adminSupportText.ticketClosed(n.subject);
    case 'withdraw':
      return (n.outcome === 'paid' ? eventText.withdrawInitiated : eventText.withdrawCancelled)(money(n.amountCents));
    case 'distribution':
      return eventText.distributionApplied(n.type, hundredthsText(n.basisPoints), n.category);
  }
}

function bookingNoticeText(n: BookingNotice, date: string, time: string): string {
  switch (n.notice) {
    case 'bookingRequested':
      return bookingText.requestedNotice(n.customer, date, time);
    case 'bookingMoved':
      return rescheduleText.movedNotice(n.customer, date, time, noticeDate(n.fromDate), clockTime(n.fromTime));
    case 'bookingCancelled':
      return bookingText.cancelledNotice(n.customer, date, time);
    case 'requestExpiredForProvider':
      return bookingText.expiredProviderNotice(n.customer, date, time);
    case 'jobReminder':
      return reminderText.providerNotice(reminderText.lead[n.stage], n.customer, date, time);
    case 'bookingAnswered':
      return answered[n.status](n.provider, date, time);
    case 'requestExpired':
      return bookingText.expiredNotice(n.provider, date, time);
    case 'bookingReminder':
      return reminderText.customerNotice(reminderText.lead[n.stage], n.provider, date, time);
  }
}

/** The notice a row's data holds, or null (a broadcast, or a row stored before notices were data). */
export function noticeOf(data: NotificationItem['data']): Notice | null {
  const parsed = notice.safeParse(data);
  return parsed.success ? parsed.data : null;
}

export const unreadCount = z.object({ count: z.number().int() });
export type UnreadCount = z.infer<typeof unreadCount>;

// ---------------------------------------------------------------- live events

/**
 * Server-sent event names on GET /v1/live. `messagesRead`: the member read a thread (in another tab
 * too), so unread counts drop. `resync`: events may have been missed, read again.
 */
export const liveEventNames = ['message', 'messagesRead', 'notification', 'resync'] as const;

/**
 * What a live event carries: ids and a kind, never the text (the page reads it through the API,
 * which checks who may see it). Kept small: it travels through PostgreSQL NOTIFY (< 8000 bytes).
 */
export type LiveEvent =
  | { type: 'message'; data: { _id: string; fromUser: string; toUser: string; createdAt: string } }
  | { type: 'messagesRead'; data: { partnerId: string } }
  /** `_id` null with kind 'read': the member's notifications were all marked read. */
  | { type: 'notification'; data: { _id: string | null; kind: NotificationKind | 'read'; broadcast: boolean } }
  | { type: 'resync'; data: Record<string, never> };

/** How long the client waits before reconnecting (SSE `retry:`), and the heartbeat period. */
export const liveTiming = { retryMs: 3000, heartbeatMs: 25_000 } as const;
