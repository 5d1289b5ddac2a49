// The Stripe client, through Stripe's own library: made when STRIPE_SECRET_KEY is set, else null
// (the card options then do not show). STRIPE_API_URL sends its requests to another address (a
// local fake in tests), so the library's own request and answer handling is what runs.
import type Stripe from 'stripe';
import type { Config } from '../config.js';

export type { Stripe };

export interface Payments {
  stripe: Stripe;
  /** Signs the webhook's events (`whsec_…`). */
  webhookSecret: string;
}

/** The library loads only when a key is set: a start without cards does not pay for it. */
export async function createPayments(
  config: Pick<Config, 'STRIPE_SECRET_KEY' | 'STRIPE_WEBHOOK_SECRET' | 'STRIPE_API_URL'>,
): Promise<Payments | null> {
  if (!config.STRIPE_SECRET_KEY || !config.STRIPE_WEBHOOK_SECRET) return null;
  const { default: StripeClient } = await import('stripe');
  const api = config.STRIPE_API_URL ? new URL(config.STRIPE_API_URL) : null;
  const stripe = new StripeClient(config.STRIPE_SECRET_KEY, {
    // A network failure is retried with the same idempotency key, so Stripe does it once.
    maxNetworkRetries: 2,
    timeout: 20_000,
    ...(api && {
      host: api.hostname,
      port: Number(api.port) || (api.protocol === 'https:' ? 443 : 80),
      protocol: api.protocol === 'https:' ? 'https' : 'http',
    }),
  });
  return { stripe, webhookSecret: config.STRIPE_WEBHOOK_SECRET };
}

/** What a failed Stripe call leaves on its row for a person to read: one line, 500 characters at most. */
export const stripeErrorText = (error: unknown) => String(error).slice(0, 500);

/**
 * Whether Stripe refused a call (a 4xx): asking again will not change its answer. A 5xx or no
 * answer at all may have done the work, so such a call is asked again with the same key.
 */
export const refusedByStripe = (error: unknown) =>
  error instanceof Error && 'statusCode' in error && Number(error.statusCode) < 500;
