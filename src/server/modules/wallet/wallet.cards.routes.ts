// Card payments through Stripe: which payment options there are, a member's wallet top-up (open
// one, then read how it stands), a provider's payouts (connect its account, read its transfers),
// and Stripe's webhook. Without STRIPE_SECRET_KEY the options say
// no card and the top-up calls answer 404; everything else works as without cards.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { failure, ok } from '../../../contract/common.js';
import { cardText as t } from '../../../contract/messages.js';
import { api } from '../../../contract/paths.js';
import {
  connectStarted,
  paymentOptions,
  payoutAccount,
  payoutLimits,
  topUp,
  topUpBody,
  topUpLimits,
  topUpParams,
  topUpStarted,
} from '../../../contract/payments.js';
import { siteOrigin } from '../../config.js';
import { handleCardEventsSoon } from '../../jobs.js';
import { badRequest, notFound } from '../../errors.js';
import { perAddress, perMember } from '../../platform/rate-limit.js';
import type { Stripe } from '../../platform/stripe.js';
import { caller, requireMember, requireRole } from '../auth/auth.guard.js';
import { connectAccount, payoutAccountOf } from './wallet.payouts.js';
import { receiveEvent, startTopUp, topUpOf } from './wallet.cards.js';

const tags = ['payments'];
const security = [{ bearer: [] }];

export const cardRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = () => app.deps.database.db;
  const { payments } = app;
  const member = requireMember();
  const cardsOnly = () => {
    if (!payments) throw notFound(t.unavailable);
    return payments;
  };

  app.get(
    api.paymentOptions,
    {
      schema: {
        tags,
        summary: 'How a member can pay: `card` is true when the marketplace takes cards (Stripe)',
        response: { 200: ok(paymentOptions) },
      },
    },
    async () => ({ status: 1 as const, data: { card: payments !== null } }),
  );

  app.post(
    api.walletTopUps,
    {
      onRequest: member,
      config: {
        limits: [perMember('card-top-ups', topUpLimits.perDay, '1 day'), perAddress('card-top-ups', 100, '1 day')],
        idempotent: true,
      },
      schema: {
        tags,
        security,
        summary: `Opens a wallet top-up of \`amount\` dollars ($${topUpLimits.minCents / 100}–$${topUpLimits.maxCents / 100}) and answers Stripe's page to pay it on; the wallet is credited when Stripe's webhook says it was paid. 404 when cards are not taken`,
        body: topUpBody,
        response: {
          200: ok(topUpStarted),
          400: failure,
          401: failure,
          403: failure,
          404: failure,
          429: failure,
          503: failure,
        },
      },
    },
    async (request) => {
      const data = await startTopUp(
        db(),
        cardsOnly(),
        caller(request).id,
        request.body.amount,
        siteOrigin(app.deps.config),
      );
      return { status: 1 as const, data };
    },
  );

  app.get(
    api.walletTopUp,
    {
      onRequest: member,
      schema: {
        tags,
        security,
        summary: "One of the caller's top-ups and how it stands (open, paid, expired); 404 for another member's",
        params: topUpParams,
        response: { 200: ok(topUp), 400: failure, 401: failure, 403: failure, 404: failure },
      },
    },
    async (request) => ({ status: 1 as const, data: await topUpOf(db(), caller(request).id, request.params.id) }),
  );

  const provider = requireRole('provider');

  app.get(
    api.providerPayouts,
    {
      onRequest: provider,
      schema: {
        tags,
        security,
        summary:
          'The caller’s payouts: whether the marketplace pays out through Stripe, whether the caller connected a Stripe account and Stripe can pay it, and its latest weekly transfers',
        response: { 200: ok(payoutAccount), 401: failure, 403: failure },
      },
    },
    async (request) => ({
      status: 1 as const,
      data: await payoutAccountOf(db(), caller(request).id, payments !== null),
    }),
  );

  app.post(
    api.providerPayoutsConnect,
    {
      onRequest: provider,
      config: {
        limits: [
          perMember('payout-links', payoutLimits.linksPerDay, '1 day'),
          perAddress('payout-links', 100, '1 day'),
        ],
      },
      schema: {
        tags,
        security,
        summary:
          'Opens the caller’s Stripe Express account (once) and answers Stripe’s onboarding page, which comes back to /provider/earnings; Stripe’s account.updated webhook says when it can be paid. 404 when cards are not taken, 503 when Stripe cannot be reached',
        response: { 200: ok(connectStarted), 401: failure, 403: failure, 404: failure, 429: failure, 503: failure },
      },
    },
    async (request) => {
      const url = await connectAccount(db(), cardsOnly(), caller(request).id, siteOrigin(app.deps.config));
      return { status: 1 as const, data: { url } };
    },
  );

  // The signature is over the body's exact bytes: this route keeps them instead of parsing JSON.
  await app.register(async (raw) => {
    raw.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));
    raw.post(
      api.stripeWebhook,
      {
        schema: {
          tags,
          summary:
            "Stripe's events, verified against the Stripe-Signature header (400 otherwise) and kept once by their id; handled by the job queue, so a replay does nothing",
          headers: z.object({ 'stripe-signature': z.string().optional() }),
          response: { 200: ok(z.object({ received: z.boolean() })), 400: failure, 404: failure },
        },
      },
      async (request) => {
        const { stripe, webhookSecret } = cardsOnly();
        const signature = request.headers['stripe-signature'];
        let event: Stripe.Event;
        try {
          if (!Buffer.isBuffer(request.body) || !signature) throw new Error('unsigned');
          event = stripe.webhooks.constructEvent(request.body, signature, webhookSecret);
        } catch {
          throw badRequest(t.badSignature);
        }
        const received = await receiveEvent(db(), event);
        if (received) handleCardEventsSoon(app.deps.jobs);
        return { status: 1 as const, data: { received } };
      },
    );
  });
};
