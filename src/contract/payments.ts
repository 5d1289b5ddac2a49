// Card payments through Stripe Checkout: the member leaves for Stripe's page and comes back; the
// money counts only once Stripe's signed webhook says it was paid, never on the way back alone.
// For now a card tops up the wallet, which then pays bookings like any other wallet money.
import { z } from 'zod';
import { cardText as t } from './messages.js';
import { dollarsAsCents } from './wallet.js';

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
