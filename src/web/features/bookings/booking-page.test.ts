// One booking's page: its payment as each viewer reads it, the cancellation policy's consequence at
// a given moment, and the timeline's steps done and to come.
import { describe, expect, it } from 'vitest';
import type { BookingDetail } from '../../../contract/checkout.js';
import {
  cancelConsequence,
  canComplete,
  paymentState,
  providerShareCents,
  timelineSteps,
  viewerOf,
} from './booking-page.js';

// 10:00 in Austin on 1 December 2026 (CST, UTC−6).
const startsAt = '2026-12-01T16:00:00.000Z';
const booking = {
  _id: '7d715ce1-0000-4000-8000-000000000001',
  status: 'accepted',
  payment: 'wallet',
  startsAt,
  timeZone: 'America/Chicago',
  createdAt: '2026-11-20T15:00:00.000Z',
  price: { serviceCents: 8000, feeCents: 800, discountCents: 1000, totalCents: 7800 },
  cancellationFeeCents: 1500,
  cancellationChargedCents: 0,
  bookedto: { _id: 'provider-1', name: 'Paula', image: null, address: '' },
  timeline: [
    { status: 'requested', at: '2026-11-20T15:00:00.000Z' },
    { status: 'accepted', at: '2026-11-20T16:30:00.000Z' },
  ],
  reschedules: [],
} as unknown as BookingDetail;
const as = (over: Partial<BookingDetail>) => ({ ...booking, ...over }) as BookingDetail;

describe('viewerOf', () => {
  it('is the provider for the booking’s own provider, else the customer', () => {
    expect(viewerOf(booking, 'provider-1')).toBe('provider');
    expect(viewerOf(booking, 'someone')).toBe('customer');
  });
});

describe('paymentState', () => {
  it('says how a wallet payment stands at each status, to the customer and to the others', () => {
    expect(paymentState(booking, 'customer')).toBe('Wallet — held until the job is completed');
    expect(paymentState(as({ status: 'completed' }), 'customer')).toBe('Paid from your wallet');
    expect(paymentState(as({ status: 'completed' }), 'admin')).toBe('Paid from the customer’s wallet');
    expect(paymentState(as({ status: 'declined' }), 'customer')).toBe('Released to your wallet');
    expect(paymentState(as({ status: 'cancelled', cancellationChargedCents: 1500 }), 'provider')).toBe(
      'Released to the customer’s wallet, less the $15.00 cancellation fee',
    );
  });

  it('says how a card payment stands, from Stripe’s page to the charge', () => {
    const card = (status: NonNullable<BookingDetail['card']>['status'], chargedCents = 0, refundedCents = 0) =>
      as({
        payment: 'card',
        card: {
          status,
          amountCents: 7800,
          chargedCents,
          refundedCents,
          attention: null,
          payUrl: null,
          holdUntil: '2026-11-20T15:15:00.000Z',
        },
      });
    expect(paymentState(card('open'), 'customer')).toBe('Card — waiting for the payment on Stripe’s page');
    expect(paymentState(card('authorized'), 'provider')).toBe('Card — held until the job is completed');
    expect(paymentState(card('capturing', 7800), 'customer')).toBe('Card — $78.00 being charged');
    expect(paymentState(card('captured', 1500), 'admin')).toBe('Card — $15.00 charged');
    expect(paymentState(card('captured', 7800, 2000), 'customer')).toBe('Card — $78.00 charged, $20.00 refunded');
    expect(paymentState(card('released'), 'customer')).toBe('Card — the hold was released; nothing was charged');
    expect(providerShareCents(as({ payment: 'card', status: 'completed' }))).toBe(7000);
  });

  it('is cash on completion for a cash booking, whatever its status', () => {
    for (const status of ['requested', 'completed', 'cancelled'] as const)
      expect(paymentState(as({ payment: 'cash', status }), 'customer')).toBe('Cash on completion');
  });
});

describe('providerShareCents', () => {
  it('is the total less the platform fee once a wallet-paid job is completed, and nothing before or in cash', () => {
    expect(providerShareCents(as({ status: 'completed' }))).toBe(7000);
    expect(providerShareCents(booking)).toBeNull();
    expect(providerShareCents(as({ status: 'completed', payment: 'cash' }))).toBeNull();
  });
});

describe('cancelConsequence', () => {
  const hour = 3_600_000;
  const at = (hoursBefore: number) => new Date(Date.parse(startsAt) - hoursBefore * hour);

  it('is free while the provider has not accepted, even at the last minute', () => {
    expect(cancelConsequence(as({ status: 'requested' }), at(1))).toBe('Free: the provider has not accepted yet');
  });

  it('is free until a day before the start, in the provider’s time, then costs the agreed fee', () => {
    expect(cancelConsequence(booking, at(48))).toBe('Free until 30-11-2026, 10:00 AM CST');
    expect(cancelConsequence(booking, at(24))).toBe('A cancellation fee of $15.00 applies');
    expect(cancelConsequence(booking, at(2))).toBe('A cancellation fee of $15.00 applies');
  });

  it('never charges more than the total, and says so when the terms have no fee', () => {
    expect(cancelConsequence(as({ cancellationFeeCents: 99_000 }), at(2))).toBe('A cancellation fee of $78.00 applies');
    expect(cancelConsequence(as({ cancellationFeeCents: 0 }), at(2))).toBe(
      'Free: this booking has no cancellation fee',
    );
  });
});

describe('timelineSteps', () => {
  const labels = (b: BookingDetail) =>
    timelineSteps(b).map((step) => `${step.label}${step.at ? '' : ' (to come)'}${step.current ? ' *' : ''}`);

  it('lists the steps done with their times, then those to come', () => {
    expect(labels(booking)).toEqual(['Requested', 'Accepted *', 'Completed (to come)']);
    expect(timelineSteps(booking)[1]?.at).toBe('2026-11-20T16:30:00.000Z');
    expect(labels(as({ status: 'requested', timeline: [booking.timeline[0]!] }))).toEqual([
      'Requested *',
      'Accepted (to come)',
      'Completed (to come)',
    ]);
  });

  it('begins a card booking with its payment, then the request it made', () => {
    const paying = as({
      status: 'awaiting_payment',
      timeline: [{ status: 'awaiting_payment', at: booking.createdAt }],
    });
    expect(labels(paying)).toEqual([
      'Booked, awaiting payment *',
      'Requested (to come)',
      'Accepted (to come)',
      'Completed (to come)',
    ]);
    const paid = as({
      status: 'requested',
      timeline: [
        { status: 'awaiting_payment', at: booking.createdAt },
        { status: 'requested', at: '2026-11-20T15:02:00.000Z' },
      ],
    });
    expect(labels(paid)).toEqual([
      'Booked, awaiting payment',
      'Requested *',
      'Accepted (to come)',
      'Completed (to come)',
    ]);
  });

  it('ends at a decline, a cancellation or an expiry, with nothing to come', () => {
    const cancelled = as({
      status: 'cancelled',
      timeline: [...booking.timeline, { status: 'cancelled', at: '2026-11-21T10:00:00.000Z' }],
    });
    expect(labels(cancelled)).toEqual(['Requested', 'Accepted', 'Cancelled *']);
  });

  it('names a request after an acceptance as the booking moved', () => {
    const moved = as({
      status: 'requested',
      timeline: [...booking.timeline, { status: 'requested', at: '2026-11-22T10:00:00.000Z' }],
    });
    expect(labels(moved)).toEqual([
      'Requested',
      'Accepted',
      'Requested again (rescheduled) *',
      'Accepted (to come)',
      'Completed (to come)',
    ]);
  });

  it('lists each reschedule in time order, from and to, by whom, in place of the request it made again', () => {
    const moved = as({
      status: 'requested',
      timeline: [...booking.timeline, { status: 'requested', at: '2026-11-22T10:00:00.000Z' }],
      reschedules: [
        // A requested booking moved: no step of the lifecycle, the move alone.
        {
          at: '2026-11-20T15:30:00.000Z',
          fromDate: '2026-12-01',
          fromTime: '10:00',
          toDate: '2026-12-02',
          toTime: '09:00',
          by: 'Cora',
        },
        // An accepted one: back to requested.
        {
          at: '2026-11-22T10:00:00.020Z',
          fromDate: '2026-12-02',
          fromTime: '09:00',
          toDate: '2026-12-03',
          toTime: '14:30',
          by: 'Cora',
        },
      ],
    });
    expect(labels(moved)).toEqual([
      'Requested',
      'Rescheduled',
      'Accepted',
      'Rescheduled *',
      'Accepted (to come)',
      'Completed (to come)',
    ]);
    expect(timelineSteps(moved).map((step) => step.detail ?? null)).toEqual([
      null,
      'From 01-12-2026, 10:00 AM to 02-12-2026, 9:00 AM, by Cora',
      null,
      'From 02-12-2026, 9:00 AM to 03-12-2026, 2:30 PM, by Cora',
      null,
      null,
    ]);
  });
});

describe('canComplete', () => {
  it('is offered for an accepted job once its time has come', () => {
    expect(canComplete(booking, new Date(Date.parse(startsAt) - 60_000))).toBe(false);
    expect(canComplete(booking, new Date(startsAt))).toBe(true);
    expect(canComplete(as({ status: 'requested' }), new Date(Date.parse(startsAt) + 60_000))).toBe(false);
  });
});
