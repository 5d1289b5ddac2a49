// Card payments through Stripe Checkout: the member leaves for Stripe's page and comes back; the
// money counts only once Stripe's signed webhook says it was paid, never on the way back alone.
// A card tops up the wallet, or pays a booking: held on the card when booked, charged when the
// job is completed.
import { z } from 'zod';
import { todayIn } from './format.js';
import { cardText as t } from './messages.js';
import { dollarsAsCents, payoutStatuses } from './wallet.js';

export const topUpLimits = {
  /** Below this, the card fees eat the top-up. */
  minCents: 500,
  maxCents: 100_000,
  /** Checkout pages a member may open a day: each is a call to Stripe. */
  perDay: 20,
} as const;

/** POST /wallet/topups: how much to add, in dollars as typed. */
export const topUpBody = z.object({
  amount: dollarsAsCents
    .refine((cents) => cents >= topUpLimits.minCents, { error: t.tooSmall })
    .refine((cents) => cents <= topUpLimits.maxCents, { error: t.tooLarge }),
});
export type TopUpInput = z.input<typeof topUpBody>;

/** The top-up and Stripe's page to pay it on. */
export const topUpStarted = z.object({ _id: z.uuid(), url: z.url() });

/**
 * open: waiting for the payment; paid: the wallet was credited; expired: Stripe's page closed
 * unpaid.
 */
export const topUpStatuses = ['open', 'paid', 'expired'] as const;
export type TopUpStatus = (typeof topUpStatuses)[number];

export const topUp = z.object({
  _id: z.uuid(),
  amountCents: z.number().int(),
  status: z.enum(topUpStatuses),
  createdAt: z.iso.datetime(),
  paidAt: z.iso.datetime().nullable(),
});
export type TopUp = z.infer<typeof topUp>;

export const topUpParams = z.object({ id: z.uuid({ error: t.notFound }) });

/** How a member can pay here: by card only when the marketplace has a Stripe account. */
export const paymentOptions = z.object({ card: z.boolean() });
export type PaymentOptions = z.infer<typeof paymentOptions>;

/** The least Stripe charges a card, in cents. */
export const cardMinCents = 50;
/** How long a card booking holds its slot while its customer is on Stripe's page. */
export const cardHoldMinutes = 15;
/**
 * A card holds an authorization about a week: a booking paid by card must start within this many
 * days, so the job is done and charged before the hold lapses.
 */
export const cardDaysAhead = 6;

/** Whether a card can pay for a job on `date` (YYYY-MM-DD, in the provider's `timeZone`) booked `now`. */
export const cardReaches = (date: string, timeZone: string, now: Date) =>
  (Date.parse(date) - Date.parse(todayIn(timeZone, now))) / 86_400_000 <= cardDaysAhead;

/**
 * A booking's card payment. open: Stripe's page is waiting; authorized: the total is held on the
 * card; capturing → captured: the job (or a late cancellation's fee) is being charged, then was;
 * releasing → released: the hold is being let go, then was; expired: the page closed unpaid.
 */
export const cardPaymentStatuses = [
  'open',
  'authorized',
  'capturing',
  'captured',
  'releasing',
  'released',
  'expired',
] as const;
export type CardPaymentStatus = (typeof cardPaymentStatuses)[number];

/**
 * Why a card payment waits for an administrator: the customer disputed the charge with their bank,
 * or Stripe kept refusing what it was to be told (a capture on a lapsed hold).
 */
export const cardAttentions = ['disputed', 'refused'] as const;

export const cardPayment = z.object({
  status: z.enum(cardPaymentStatuses),
  /** What was held on the card: the booking's total. */
  amountCents: z.number().int(),
  /** What is charged (capturing) or was charged (captured); 0 otherwise. */
  chargedCents: z.number().int(),
  /** What was given back of the charge (from here or Stripe's dashboard). */
  refundedCents: z.number().int(),
  /** What waits for an administrator (an administrator's view only; null for the others). */
  attention: z.enum(cardAttentions).nullable(),
  /** Stripe's page, while the customer may still pay on it (the booking's customer only). */
  payUrl: z.url().nullable(),
  /** Until when the slot is held for the payment. */
  holdUntil: z.iso.datetime(),
});
export type CardPayment = z.infer<typeof cardPayment>;

/** A refund asked of Stripe: pending until it answers; failed ones count no more. */
export const refundStatuses = ['pending', 'succeeded', 'failed'] as const;

/** POST /admin/bookings/{id}/refund: how much of a charged card payment to give back, in dollars. */
export const refundBody = z.object({ amount: dollarsAsCents });
export type RefundInput = z.input<typeof refundBody>;

// ---------------------------------------------------------------- payouts to providers

export const payoutLimits = {
  /** Less than this waits for the next week: each transfer costs the platform. */
  minCents: 100,
  /** Account links a provider may ask for a day: each is a call to Stripe. */
  linksPerDay: 20,
} as const;

export const payout = z.object({
  _id: z.uuid(),
  amountCents: z.number().int(),
  status: z.enum(payoutStatuses),
  createdAt: z.iso.datetime(),
});
export type Payout = z.infer<typeof payout>;

/** GET /provider/payouts: the provider's connected account, if any, and its latest transfers. */
export const payoutAccount = z.object({
  /** Whether the marketplace pays out through Stripe at all. */
  available: z.boolean(),
  /** A Stripe account was opened for the provider. */
  connected: z.boolean(),
  /** Stripe can pay it: its onboarding is complete. */
  payoutsEnabled: z.boolean(),
  transfers: z.array(payout),
});
export type PayoutAccount = z.infer<typeof payoutAccount>;

/** POST /provider/payouts/connect: Stripe's page where the provider sets up its account. */
export const connectStarted = z.object({ url: z.url() });
