// A local Stripe for tests and browser tests: the few API calls the product makes, answered in
// Stripe's documented JSON shapes (Checkout Sessions create, retrieve and expire; PaymentIntents
// retrieve, capture and cancel; refunds; Express accounts, their onboarding links and transfers to
// them; errors; a repeated idempotency key answered as the first), a hosted page that "pays" a
// session and sends the member back, a hosted onboarding that completes an account, and webhooks signed
// exactly as Stripe signs them (the `stripe` library's generateTestHeaderString). The product reaches it through the
// official library with STRIPE_API_URL, so the library's own request and answer code runs.
import crypto from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';
import { escapeHtml } from '../platform/mail-layout.js';
import type { Payments } from '../platform/stripe.js';
import { createTestContext, type TestContext } from './harness.js';

export const fakeStripeKeys = { secretKey: 'sk_test_doorstepfake', webhookSecret: 'whsec_doorstepfake' } as const;

type Session = Stripe.Checkout.Session;
type Intent = Stripe.PaymentIntent;

/** `a[b][0][c]=1` form fields, as the library sends them, into nested objects and arrays. */
function parseForm(body: string): Record<string, unknown> {
  const root: Record<string, unknown> = {};
  for (const [key, value] of new URLSearchParams(body)) {
    const parts = key.replace(/\]/g, '').split('[');
    let node: Record<string, unknown> = root;
    parts.forEach((part, index) => {
      if (index === parts.length - 1) node[part] = value;
      else node = (node[part] ??= /^\d+$/.test(parts[index + 1] ?? '') ? [] : {}) as Record<string, unknown>;
    });
  }
  return root;
}

const newId = (prefix: string) => `${prefix}_test_${crypto.randomBytes(12).toString('hex')}`;

export interface FakeStripe {
  /** What STRIPE_API_URL is set to. */
  url: string;
  sessions: Map<string, Session>;
  /** The PaymentIntents paid sessions made. */
  paymentIntents: Map<string, Intent>;
  /** Connected accounts, and the transfers made to them. */
  accounts: Map<string, Stripe.Account>;
  transfers: Stripe.Transfer[];
  /** Completes an account's onboarding as its hosted page does, and sends `account.updated`. */
  onboard(accountId: string): Promise<Stripe.Event>;
  /** While true, every API call answers 500 (Stripe down); the hosted page still works. */
  failing: boolean;
  /** Every event sent, in order. */
  events: Stripe.Event[];
  /** Where events are posted; settable after start, when the product's port is known. */
  webhookUrl: string | null;
  /**
   * Pays a session as the hosted page does, and sends its webhook; answers the event. A session
   * with a manual capture leaves its PaymentIntent `requires_capture` and the session `unpaid`.
   */
  pay(sessionId: string): Promise<Stripe.Event>;
  /** An event as Stripe would send it (not sent). */
  event(type: string, object: object): Stripe.Event;
  /** The customer disputes a PaymentIntent's charge with their bank: sends `charge.dispute.created`. */
  dispute(paymentIntentId: string): Promise<Stripe.Event>;
  /** The exact header Stripe would sign `payload` with. */
  sign(payload: string, secret?: string): string;
  /** Posts an event to the webhook as Stripe does; answers the product's status. */
  deliver(event: Stripe.Event, secret?: string): Promise<number>;
  close(): Promise<void>;
}

export async function startFakeStripe(options: { port?: number; webhookUrl?: string } = {}): Promise<FakeStripe> {
  const signer = new Stripe(fakeStripeKeys.secretKey);
  const sessions = new Map<string, Session>();
  const paymentIntents = new Map<string, Intent>();
  const accounts = new Map<string, Stripe.Account>();
  const transfers: Stripe.Transfer[] = [];
  /** Each account link's way back, by the account. */
  const returnUrls = new Map<string, string>();
  /** Each idempotency key's first answer: its status and body. */
  const replays = new Map<string, { status: number; body: string }>();
  const events: Stripe.Event[] = [];
  let origin = '';

  const sign = (payload: string, secret: string = fakeStripeKeys.webhookSecret) =>
    signer.webhooks.generateTestHeaderString({ payload, secret });

  /** An event recorded and sent as Stripe does; `later`: after the call that caused it answers. */
  const emit = async (type: string, object: object, later = false) => {
    const event = fake.event(type, object);
    events.push(event);
    if (later) setImmediate(() => void fake.deliver(event).catch(() => undefined));
    else await fake.deliver(event);
    return event;
  };

  const fake: FakeStripe = {
    url: '',
    sessions,
    paymentIntents,
    accounts,
    transfers,
    failing: false,
    events,
    webhookUrl: options.webhookUrl ?? null,
    sign,
    async deliver(event, secret) {
      if (!fake.webhookUrl) throw new Error('no webhook address');
      const payload = JSON.stringify(event);
      const response = await fetch(fake.webhookUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'stripe-signature': sign(payload, secret) },
        body: payload,
      });
      return response.status;
    },
    event: (type, object) =>
      ({
        id: newId('evt'),
        object: 'event',
        api_version: Stripe.API_VERSION,
        created: Math.floor(Date.now() / 1000),
        type,
        data: { object },
        livemode: false,
        pending_webhooks: 1,
        request: { id: null, idempotency_key: null },
      }) as unknown as Stripe.Event,
    async pay(sessionId) {
      const session = sessions.get(sessionId);
      if (!session) throw new Error(`no session ${sessionId}`);
      const manual = (session as Session & { capture_method?: string }).capture_method === 'manual';
      const amount = session.amount_total ?? 0;
      const intent = {
        id: newId('pi'),
        object: 'payment_intent',
        amount,
        amount_capturable: manual ? amount : 0,
        amount_received: manual ? 0 : amount,
        capture_method: manual ? 'manual' : 'automatic_async',
        currency: session.currency,
        status: manual ? 'requires_capture' : 'succeeded',
        metadata: session.metadata ?? {},
        livemode: false,
      } as unknown as Intent;
      paymentIntents.set(intent.id, intent);
      Object.assign(session, {
        status: 'complete',
        payment_status: manual ? 'unpaid' : 'paid',
        payment_intent: intent.id,
      });
      return emit('checkout.session.completed', session);
    },
    async onboard(accountId) {
      const account = accounts.get(accountId);
      if (!account) throw new Error(`no account ${accountId}`);
      Object.assign(account, { details_submitted: true, payouts_enabled: true, charges_enabled: true });
      return emit('account.updated', account);
    },
    async dispute(paymentIntentId) {
      const intent = paymentIntents.get(paymentIntentId);
      if (!intent) throw new Error(`no payment intent ${paymentIntentId}`);
      return emit('charge.dispute.created', {
        id: newId('dp'),
        object: 'dispute',
        amount: intent.amount_received,
        charge: chargeIdOf(intent),
        payment_intent: intent.id,
        reason: 'fraudulent',
        status: 'needs_response',
        currency: intent.currency,
        livemode: false,
      });
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };

  const send = (res: http.ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { 'content-type': 'application/json', 'request-id': newId('req') });
    res.end(JSON.stringify(body));
  };
  const refuse = (res: http.ServerResponse, status: number, message: string, code?: string) =>
    send(res, status, { error: { type: 'invalid_request_error', message, ...(code && { code }) } });

  function createSession(form: Record<string, unknown>): Session {
    const items = (form.line_items ?? []) as {
      quantity?: string;
      price_data?: { unit_amount?: string; currency?: string };
    }[];
    const amount = items.reduce(
      (sum, item) => sum + Number(item.price_data?.unit_amount) * Number(item.quantity ?? 1),
      0,
    );
    const id = newId('cs');
    const created = Math.floor(Date.now() / 1000);
    const session = {
      id,
      object: 'checkout.session',
      mode: form.mode,
      amount_subtotal: amount,
      amount_total: amount,
      currency: items[0]?.price_data?.currency ?? 'usd',
      client_reference_id: form.client_reference_id ?? null,
      metadata: form.metadata ?? {},
      payment_status: 'unpaid',
      status: 'open',
      payment_intent: null,
      // Not a field of Stripe's session (it is on its PaymentIntent): kept here for `pay`.
      capture_method: (form.payment_intent_data as { capture_method?: string } | undefined)?.capture_method,
      success_url: form.success_url,
      cancel_url: form.cancel_url,
      url: `${origin}/pay/${id}`,
      created,
      expires_at: Number(form.expires_at) || created + 86_400,
      livemode: false,
    } as unknown as Session;
    sessions.set(id, session);
    return session;
  }

  function payPage(session: Session): string {
    const amount = `$${((session.amount_total ?? 0) / 100).toFixed(2)}`;
    return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Pay ${amount} · Test Stripe</title>
<meta name="viewport" content="width=device-width, initial-scale=1"></head>
<body style="font-family: system-ui, sans-serif; max-width: 28rem; margin: 3rem auto; padding: 0 1rem">
<h1>Pay ${amount}</h1><p>A test payment page: no card is charged.</p>
<form method="post" action="/pay/${escapeHtml(session.id)}"><button type="submit">Pay ${amount}</button></form>
<p><a href="${escapeHtml(session.cancel_url ?? '/')}">Back without paying</a></p></body></html>`;
  }

  function connectPage(account: Stripe.Account): string {
    return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Set up payouts · Test Stripe</title>
<meta name="viewport" content="width=device-width, initial-scale=1"></head>
<body style="font-family: system-ui, sans-serif; max-width: 28rem; margin: 3rem auto; padding: 0 1rem">
<h1>Set up payouts</h1><p>A test onboarding page: no details are asked.</p>
<form method="post" action="/connect/${escapeHtml(account.id)}"><button type="submit">Agree and submit</button></form></body></html>`;
  }

  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString()));
    req.on('end', () => {
      void (async () => {
        const url = new URL(req.url ?? '/', origin);
        const onboarding = /^\/connect\/(\w+)$/.exec(url.pathname);
        if (onboarding) {
          const account = accounts.get(onboarding[1] ?? '');
          if (!account) return refuse(res, 404, 'No such account', 'resource_missing');
          if (req.method === 'GET') {
            res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
            return res.end(connectPage(account));
          }
          await fake.onboard(account.id);
          res.writeHead(303, { location: returnUrls.get(account.id) ?? '/' });
          return res.end();
        }
        const page = /^\/pay\/([\w]+)$/.exec(url.pathname);
        if (page) {
          const session = sessions.get(page[1] ?? '');
          if (!session) return refuse(res, 404, 'No such checkout session', 'resource_missing');
          if (req.method === 'GET') {
            res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
            return res.end(payPage(session));
          }
          if (session.payment_status !== 'paid') await fake.pay(session.id);
          res.writeHead(303, { location: session.success_url ?? '/' });
          return res.end();
        }
        if (!url.pathname.startsWith('/v1/')) {
          // The pay page's browser asks for a favicon: none, quietly.
          res.writeHead(204);
          return res.end();
        }
        if (req.headers.authorization !== `Bearer ${fakeStripeKeys.secretKey}`) {
          return send(res, 401, { error: { type: 'invalid_request_error', message: 'Invalid API Key provided' } });
        }
        if (fake.failing) return refuse(res, 500, 'An unknown error occurred', 'api_error');
        if (req.method === 'GET') {
          const found = /^\/v1\/(checkout\/sessions|payment_intents)\/(\w+)$/.exec(url.pathname);
          const object = found && (found[1] === 'payment_intents' ? paymentIntents : sessions).get(found[2] ?? '');
          return object ? send(res, 200, object) : refuse(res, 404, 'No such object', 'resource_missing');
        }
        // Stripe answers a repeated idempotency key with the first answer.
        const key = req.headers['idempotency-key'];
        const earlier = typeof key === 'string' ? replays.get(key) : undefined;
        if (earlier) return send(res, earlier.status, JSON.parse(earlier.body));
        const [status, answer] = post(url.pathname, parseForm(body));
        if (typeof key === 'string') replays.set(key, { status, body: JSON.stringify(answer) });
        return send(res, status, answer);
      })().catch((error: unknown) => refuse(res, 500, String(error)));
    });
  });

  /** What was refunded of each PaymentIntent. */
  const refunded = new Map<string, number>();
  const chargeIdOf = (intent: Intent) => `ch_${intent.id.slice(3)}`;
  /** The charge of a PaymentIntent, as `charge.*` events carry it. */
  const chargeOf = (intent: Intent) => ({
    id: chargeIdOf(intent),
    object: 'charge',
    amount: intent.amount,
    amount_captured: intent.amount_received,
    amount_refunded: refunded.get(intent.id) ?? 0,
    refunded: (refunded.get(intent.id) ?? 0) === intent.amount_received,
    payment_intent: intent.id,
    currency: intent.currency,
    livemode: false,
  });

  const invalid = (message: string, code?: string): [number, unknown] => [
    400,
    { error: { type: 'invalid_request_error', message, ...(code && { code }) } },
  ];

  /** The POST calls: create a session, expire one, capture or cancel a PaymentIntent. */
  function post(pathname: string, form: Record<string, unknown>): [number, unknown] {
    if (pathname === '/v1/checkout/sessions') return [200, createSession(form)];
    if (pathname === '/v1/accounts') {
      const account = {
        id: `acct_${crypto.randomBytes(8).toString('hex')}`,
        object: 'account',
        type: form.type,
        country: form.country,
        email: form.email ?? null,
        metadata: form.metadata ?? {},
        details_submitted: false,
        payouts_enabled: false,
        charges_enabled: false,
      } as unknown as Stripe.Account;
      accounts.set(account.id, account);
      return [200, account];
    }
    if (pathname === '/v1/account_links') {
      const account = accounts.get(String(form.account));
      if (!account) return invalid(`No such account: '${String(form.account)}'`, 'resource_missing');
      returnUrls.set(account.id, String(form.return_url));
      const created = Math.floor(Date.now() / 1000);
      return [
        200,
        { object: 'account_link', created, expires_at: created + 300, url: `${origin}/connect/${account.id}` },
      ];
    }
    if (pathname === '/v1/transfers') {
      const account = accounts.get(String(form.destination));
      if (!account) return invalid(`No such destination: '${String(form.destination)}'`, 'resource_missing');
      if (!account.payouts_enabled)
        return invalid(
          'Your destination account needs to have at least one of the following capabilities enabled: transfers',
          'insufficient_capabilities_for_transfer',
        );
      const transfer = {
        id: newId('tr'),
        object: 'transfer',
        amount: Number(form.amount),
        currency: form.currency,
        destination: account.id,
        metadata: form.metadata ?? {},
        created: Math.floor(Date.now() / 1000),
        livemode: false,
      } as unknown as Stripe.Transfer;
      transfers.push(transfer);
      return [200, transfer];
    }
    if (pathname === '/v1/refunds') {
      const intent = paymentIntents.get(String(form.payment_intent));
      if (!intent) return invalid(`No such payment_intent: '${String(form.payment_intent)}'`, 'resource_missing');
      const left = intent.amount_received - (refunded.get(intent.id) ?? 0);
      const amount = form.amount === undefined ? left : Number(form.amount);
      if (intent.status !== 'succeeded')
        return invalid('This PaymentIntent has no charge to refund.', 'charge_not_refundable');
      if (!(amount > 0 && amount <= left))
        return invalid(
          `Refund amount ($${(amount / 100).toFixed(2)}) is greater than unrefunded amount on charge ($${(left / 100).toFixed(2)})`,
          'amount_too_large',
        );
      refunded.set(intent.id, (refunded.get(intent.id) ?? 0) + amount);
      void emit('charge.refunded', chargeOf(intent), true);
      return [
        200,
        {
          id: newId('re'),
          object: 'refund',
          amount,
          currency: intent.currency,
          payment_intent: intent.id,
          charge: chargeIdOf(intent),
          status: 'succeeded',
        },
      ];
    }
    const expire = /^\/v1\/checkout\/sessions\/(\w+)\/expire$/.exec(pathname);
    if (expire) {
      const session = sessions.get(expire[1] ?? '');
      if (!session) return [404, { error: { type: 'invalid_request_error', message: 'No such checkout session' } }];
      if (session.status !== 'open')
        return invalid('Only Checkout Sessions with a status of open can be expired.', 'checkout_session_not_open');
      session.status = 'expired';
      void emit('checkout.session.expired', session, true);
      return [200, session];
    }
    const action = /^\/v1\/payment_intents\/(\w+)\/(capture|cancel)$/.exec(pathname);
    const intent = action && paymentIntents.get(action[1] ?? '');
    if (!action || !intent)
      return [
        404,
        { error: { type: 'invalid_request_error', message: `Unrecognized request URL (POST ${pathname})` } },
      ];
    if (intent.status !== 'requires_capture')
      return invalid(
        `This PaymentIntent could not be ${action[2] === 'capture' ? 'captured' : 'canceled'} because it has a status of ${intent.status}.`,
        'payment_intent_unexpected_state',
      );
    if (action[2] === 'cancel') {
      Object.assign(intent, { status: 'canceled', amount_capturable: 0, canceled_at: Math.floor(Date.now() / 1000) });
      return [200, intent];
    }
    const amount = form.amount_to_capture === undefined ? intent.amount_capturable : Number(form.amount_to_capture);
    if (!(amount > 0 && amount <= intent.amount_capturable))
      return invalid('The amount to capture must be positive and at most the amount capturable.', 'amount_too_large');
    Object.assign(intent, { status: 'succeeded', amount_received: amount, amount_capturable: 0 });
    return [200, intent];
  }

  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  fake.url = origin;
  return fake;
}

export interface StripeContext {
  ctx: TestContext;
  stripe: FakeStripe;
  /** The app's own Stripe client, for the tests that run its jobs. */
  payments: Payments;
  close(): Promise<void>;
}

/** A test app that takes cards, listening, with a fresh local Stripe whose webhooks reach it. */
export async function createStripeContext(): Promise<StripeContext> {
  const stripe = await startFakeStripe();
  const env = {
    STRIPE_SECRET_KEY: fakeStripeKeys.secretKey,
    STRIPE_WEBHOOK_SECRET: fakeStripeKeys.webhookSecret,
    STRIPE_API_URL: stripe.url,
    PUBLIC_URL: 'https://doorstep.test',
  };
  const ctx = await createTestContext(env);
  const { payments } = ctx.app;
  if (!payments) throw new Error('no payments');
  await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  stripe.webhookUrl = `http://127.0.0.1:${(ctx.app.server.address() as AddressInfo).port}/v1/payments/stripe/webhook`;
  return {
    ctx,
    stripe,
    payments,
    close: async () => {
      await ctx.close();
      await stripe.close();
    },
  };
}
