// A notice is stored as data and worded in one place: every kind writes its day DD-MM-YYYY, its
// time on a 12-hour clock and its money with two decimals, so one list never mixes formats.
import { describe, expect, it } from 'vitest';
import { noticeKinds, noticeOf, noticeText, type Notice } from './notifications.js';

const bookingId = '00000000-0000-4000-8000-000000000001';
const otherId = '00000000-0000-4000-8000-000000000002';
const at = { bookingId, date: '2026-12-01', time: '14:30' };

const worded: [Notice, string][] = [
  [{ notice: 'bookingRequested', ...at, customer: 'Cal' }, 'New booking request from Cal for 01-12-2026 at 2:30 PM'],
  [
    { notice: 'bookingMoved', ...at, customer: 'Cal', fromDate: '2026-11-30', fromTime: '09:00' },
    'Cal moved the booking to 01-12-2026 at 2:30 PM (was 30-11-2026 at 9:00 AM)',
  ],
  [{ notice: 'bookingCancelled', ...at, customer: 'Cal' }, 'Cal cancelled the booking for 01-12-2026 at 2:30 PM'],
  [
    { notice: 'requestExpiredForProvider', ...at, status: 'expired', customer: 'Cal' },
    'A request expired: Cal’s booking for 01-12-2026 at 2:30 PM was not answered in time.',
  ],
  [
    { notice: 'jobReminder', ...at, stage: '24h', customer: 'Cal' },
    'Reminder: your job for Cal is tomorrow, on 01-12-2026 at 2:30 PM.',
  ],
  [
    { notice: 'bookingAnswered', ...at, status: 'completed', provider: 'Pat' },
    'Pat marked the job of 01-12-2026 at 2:30 PM completed. You can rate it in History.',
  ],
  [
    { notice: 'requestExpired', ...at, status: 'expired', provider: 'Pat', providerId: otherId, serviceId: null },
    'Pat did not answer your request for 01-12-2026 at 2:30 PM in time, so it expired. You can book another time.',
  ],
  [
    { notice: 'bookingReminder', ...at, time: '00:05', stage: '2h', provider: 'Pat' },
    'Reminder: Pat comes in 2 hours, on 01-12-2026 at 12:05 AM.',
  ],
  [{ notice: 'message', fromUser: otherId, messageId: bookingId, sender: 'Pat' }, 'New message from Pat'],
  [
    { notice: 'ticketAnswered', ticketId: otherId, subject: 'Refund', answer: 'Done.' },
    "Your ticket 'Refund' has an answer: Done.",
  ],
  [{ notice: 'ticketResolved', ticketId: otherId, subject: 'Refund' }, "Your ticket 'Refund' is resolved."],
  [
    { notice: 'withdraw', transactionId: otherId, outcome: 'paid', amountCents: 2000 },
    'Your withdraw request of $20.00 was paid out.',
  ],
  [
    { notice: 'withdraw', transactionId: otherId, outcome: 'cancelled', amountCents: 123_456 },
    'Your withdraw request of $1,234.56 was cancelled; the amount is back in your wallet.',
  ],
  [
    {
      notice: 'distribution',
      distributionId: otherId,
      type: 'loss',
      basisPoints: 250,
      category: 'Growth',
      amountCents: 75,
    },
    'A loss of 2.50% on your Growth investment was taken from your wallet.',
  ],
];

describe('noticeText', () => {
  it.each(worded)('words %j', (notice, text) => {
    expect(noticeText(notice)).toBe(text);
  });

  it('has a kind for every notice and is tested with each', () => {
    expect(new Set(worded.map(([notice]) => notice.notice))).toEqual(new Set(Object.keys(noticeKinds)));
  });
});

describe('noticeOf', () => {
  it('reads a stored notice back', () => {
    const stored = JSON.parse(JSON.stringify(worded[0]![0])) as unknown;
    expect(noticeOf(stored as Record<string, unknown>)).toEqual(worded[0]![0]);
  });

  it('is null for a broadcast, a row stored before notices were data, or an unknown notice', () => {
    expect(noticeOf(null)).toBeNull();
    expect(noticeOf({ bookingId })).toBeNull();
    expect(noticeOf({ notice: 'refund', bookingId })).toBeNull();
    expect(noticeOf({ notice: 'bookingRequested', bookingId })).toBeNull();
  });
});
