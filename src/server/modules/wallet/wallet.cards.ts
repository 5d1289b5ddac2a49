// Money into the wallet by card, through Stripe Checkout. A top-up is a row opened before Stripe
// is asked for its page; the wallet is credited only when Stripe's signed webhook says the
// session was paid, in the same transaction that marks the top-up paid, so a replayed or doubled
// event credits nothing more. Events are stored once by their id and handled by the job queue.
import { and, asc, eq, isNull, lt, notInArray, sql } from 'drizzle-orm';
import { cardText as t } from '../../../contract/messages.js';
import type { TopUp } from '../../../contract/payments.js';
import { one, type Db, type Queryable, type Tx } from '../../db/client.js';
import { cardTopUps, stripeEvents } from '../../db/schema.js';
import { AppError, notFound } from '../../errors.js';
import type { Payments, Stripe } from '../../platform/stripe.js';
import { deposit } from './wallet.ledger.js';
import { accountUpdated } from './wallet.payouts.js';

/** Where Stripe's page sends the member back: their wallet, naming the top-up (and a cancel). */
const backTo = (origin: string, topUpId: string, cancelled = false) =>
  `${origin}/wallet?topup=${topUpId}${cancelled ? '&cancelled=1' : ''}`;

/** Opens a top-up and Stripe's Checkout page for it; answers where to pay. */
export async function startTopUp(
  db: Db,
  payments: Payments,
  memberId: string,
  amountCents: number,
  origin: string,
): Promise<{ _id: string; url: string }> {
  const row = one(
    await db.insert(cardTopUps).values({ userId: memberId, amountCents }).returning({ id: cardTopUps.id }),
  );
  let session: Stripe.Checkout.Session;
  try {
    session = await payments.stripe.checkout.sessions.create(
      {
        mode: 'payment',
        line_items: [
          {
            quantity: 1,
            price_data: { currency: 'usd', unit_amount: amountCents, product_data: { name: t.topUpTitle } },
          },
        ],
        client_reference_id: row.id,
        metadata: { topUpId: row.id },
        success_url: backTo(origin, row.id),
        cancel_url: backTo(origin, row.id, true),
      },
      // Stripe makes one session of any number of tries with the same key.
      { idempotencyKey: `top-up-${row.id}` },
    );
  } catch {
    // Nothing was taken: the top-up closes, and the member may try again.
    await db.update(cardTopUps).set({ status: 'expired' }).where(eq(cardTopUps.id, row.id));
    throw new AppError(503, t.unavailable, undefined, 'unavailable');
  }
  await db.update(cardTopUps).set({ sessionId: session.id }).where(eq(cardTopUps.id, row.id));
  if (!session.url) throw new AppError(503, t.unavailable, undefined, 'unavailable');
  return { _id: row.id, url: session.url };
}

/** One of the member's top-ups; 404 for another member's. */
export async function topUpOf(db: Queryable, userId: string, id: string): Promise<TopUp> {
  const [row] = await db
    .select()
    .from(cardTopUps)
    .where(and(eq(cardTopUps.id, id), eq(cardTopUps.userId, userId)))
    .limit(1);
  if (!row) throw notFound(t.notFound);
  return {
    _id: row.id,
    amountCents: row.amountCents,
    status: row.status,
    createdAt: row.createdAt.toISOString(),
    paidAt: row.paidAt?.toISOString() ?? null,
  };
}

/** Keeps a verified event once; false when it was already received. */
export async function receiveEvent(db: Queryable, event: Stripe.Event): Promise<boolean> {
  const stored = await db
    .insert(stripeEvents)
    .values({ id: event.id, type: event.type, payload: event })
    .onConflictDoNothing()
    .returning({ id: stripeEvents.id });
  return stored.length > 0;
}

/** The top-up a Checkout Session pays: paid once, and its amount credited with it. */
async function settleSession(tx: Tx, session: Stripe.Checkout.Session, now: Date) {
  const topUpId = session.metadata?.topUpId ?? session.client_reference_id;
  if (!topUpId) return;
  if (session.payment_status !== 'paid') return; // a delayed method: its own event follows
  const [paid] = await tx
    .update(cardTopUps)
    .set({ status: 'paid', paidAt: now })
    .where(
      and(
        eq(cardTopUps.id, topUpId),
        eq(cardTopUps.sessionId, session.id),
        eq(cardTopUps.status, 'open'),
        // What Stripe took is what the top-up asked for.
        eq(cardTopUps.amountCents, session.amount_total ?? -1),
      ),
    )
    .returning({ userId: cardTopUps.userId, amountCents: cardTopUps.amountCents });
  if (paid) await deposit(tx, { ...paid, title: t.topUpTitle, adminId: null, createdAt: now });
}

async function expireSession(tx: Tx, session: Stripe.Checkout.Session) {
  await tx
    .update(cardTopUps)
    .set({ status: 'expired' })
    .where(and(eq(cardTopUps.sessionId, session.id), eq(cardTopUps.status, 'open')));
}

/** Tries of an event that keeps failing; past them it waits for a person (its last error is kept). */
export const eventAttempts = 5;

/**
 * What a later module does with the events that are its own (a booking's page: bookings.cards.ts);
 * true when the event was its own.
 */
export type EventHandler = (tx: Tx, event: Stripe.Event, now: Date) => Promise<boolean>;

async function applyEvent(tx: Tx, event: Stripe.Event, now: Date, others: readonly EventHandler[]) {
  for (const handle of others) if (await handle(tx, event, now)) return;
  // A provider's payout account (wallet.payouts.ts).
  if (event.type === 'account.updated') {
    await accountUpdated(tx, event.data.object, now);
    return;
  }
  const session = event.data.object as Stripe.Checkout.Session;
  if (event.type === 'checkout.session.completed' || event.type === 'checkout.session.async_payment_succeeded') {
    await settleSession(tx, session, now);
  } else if (event.type === 'checkout.session.expired' || event.type === 'checkout.session.async_payment_failed') {
    await expireSession(tx, session);
  }
}

/**
 * Handles the events not handled yet, the least tried and oldest first, each in its own
 * transaction with its effect. One that fails is rolled back to its savepoint, counted and left
 * for the next run, so it never holds back the others. Answers how many were handled and failed.
 */
export async function handleEvents(
  db: Db,
  now: Date,
  /** The handlers of events that are not a top-up's. */
  others: readonly EventHandler[] = [],
  batch = 50,
): Promise<{ handled: number; failed: number }> {
  let handled = 0;
  const failed: string[] = [];
  for (let taken = 0; taken < batch; taken += 1) {
    const outcome = await db.transaction(async (tx) => {
      // Two workers never take the same event; each takes the next free one.
      const [event] = await tx
        .select({ id: stripeEvents.id, payload: stripeEvents.payload })
        .from(stripeEvents)
        .where(
          and(
            isNull(stripeEvents.handledAt),
            lt(stripeEvents.attempts, eventAttempts),
            failed.length ? notInArray(stripeEvents.id, failed) : undefined,
          ),
        )
        .orderBy(asc(stripeEvents.attempts), asc(stripeEvents.receivedAt))
        .limit(1)
        .for('update', { skipLocked: true });
      if (!event) return 'none';
      try {
        await tx.transaction((step) => applyEvent(step, event.payload as Stripe.Event, now, others));
      } catch (error) {
        failed.push(event.id);
        await tx
          .update(stripeEvents)
          .set({ attempts: sql`${stripeEvents.attempts} + 1`, lastError: String(error).slice(0, 500) })
          .where(eq(stripeEvents.id, event.id));
        return 'failed';
      }
      await tx.update(stripeEvents).set({ handledAt: now }).where(eq(stripeEvents.id, event.id));
      return 'handled';
    });
    if (outcome === 'none') break;
    if (outcome === 'handled') handled += 1;
  }
  return { handled, failed: failed.length };
}

/** Handled events older than this are forgotten by the housekeeping. */
export async function purgeHandledEvents(db: Queryable, now: Date): Promise<number> {
  const gone = await db
    .delete(stripeEvents)
    .where(lt(stripeEvents.handledAt, new Date(now.getTime() - 30 * 86_400_000)))
    .returning({ id: stripeEvents.id });
  return gone.length;
}
