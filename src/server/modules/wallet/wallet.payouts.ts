// Providers paid through Stripe Connect. A provider opens a Stripe Express account from its
// earnings page and finishes Stripe's onboarding there (an account link); Stripe's
// `account.updated` says when it can be paid. Every week the job queue moves each such provider's
// available earnings out: a withdraw through the ledger (reserved) with a transfer row, then
// Stripe's transfer, asked for with the row's id as its key, and the withdraw paid out or given
// back with its answer. A provider without an account keeps the withdraw requests an admin pays.
import { and, desc, eq, gte, notInArray, sql } from 'drizzle-orm';
import { payoutText as t } from '../../../contract/messages.js';
import { payoutLimits, type PayoutAccount } from '../../../contract/payments.js';
import { routes } from '../../../contract/paths.js';
import type { Db, Queryable, Tx } from '../../db/client.js';
import { payoutTransfers, stripeAccounts, users, wallets } from '../../db/schema.js';
import { AppError } from '../../errors.js';
import { refusedByStripe, stripeErrorText, type Payments, type Stripe } from '../../platform/stripe.js';
import { verifiedEmail } from '../members/members.service.js';
import { requestWithdraw, resolveWithdraw } from './wallet.ledger.js';

/** The most transfers the earnings page lists. */
const transfersShown = 12;

/** The provider's account and latest transfers, as its earnings page shows them. */
export async function payoutAccountOf(db: Queryable, userId: string, available: boolean): Promise<PayoutAccount> {
  const [account] = await db.select().from(stripeAccounts).where(eq(stripeAccounts.userId, userId)).limit(1);
  const transfers = await db
    .select({
      _id: payoutTransfers.id,
      amountCents: payoutTransfers.amountCents,
      status: payoutTransfers.status,
      createdAt: payoutTransfers.createdAt,
    })
    .from(payoutTransfers)
    .where(eq(payoutTransfers.userId, userId))
    .orderBy(desc(payoutTransfers.createdAt), desc(payoutTransfers.id))
    .limit(transfersShown);
  return {
    available,
    connected: Boolean(account),
    payoutsEnabled: account?.payoutsEnabled ?? false,
    transfers: transfers.map((row) => ({ ...row, createdAt: row.createdAt.toISOString() })),
  };
}

/**
 * The provider's Stripe Express account (opened once: the idempotency key is the provider's id, so
 * two clicks make one) and a link to Stripe's onboarding for it, which comes back to the earnings
 * page. 503 when Stripe cannot be reached.
 */
export async function connectAccount(db: Db, payments: Payments, providerId: string, origin: string): Promise<string> {
  const back = `${origin}${routes.providerEarnings}`;
  const accountOf = async () =>
    (await db.select().from(stripeAccounts).where(eq(stripeAccounts.userId, providerId)).limit(1))[0];
  try {
    let row = await accountOf();
    if (!row) {
      // Stripe writes to the provider's email, when it has proved one.
      const [provider] = await db
        .select({ email: verifiedEmail(users) })
        .from(users)
        .where(eq(users.id, providerId));
      const account = await payments.stripe.accounts.create(
        {
          type: 'express',
          country: 'US',
          ...(provider?.email && { email: provider.email }),
          capabilities: { transfers: { requested: true } },
          metadata: { userId: providerId },
        },
        { idempotencyKey: `account-${providerId}` },
      );
      // Two clicks at once made one account at Stripe: the first insert keeps it.
      await db
        .insert(stripeAccounts)
        .values({ userId: providerId, accountId: account.id, payoutsEnabled: account.payouts_enabled ?? false })
        .onConflictDoNothing();
      row = await accountOf();
    }
    if (!row) throw new Error('no account');
    const link = await payments.stripe.accountLinks.create({
      account: row.accountId,
      type: 'account_onboarding',
      refresh_url: `${back}?connect=again`,
      return_url: `${back}?connect=back`,
    });
    return link.url;
  } catch {
    throw new AppError(503, t.unavailable, undefined, 'unavailable');
  }
}

/** Stripe's `account.updated`: whether the account can be paid now. False for an account not ours. */
export async function accountUpdated(tx: Tx, account: Stripe.Account, now: Date): Promise<boolean> {
  const changed = await tx
    .update(stripeAccounts)
    .set({ payoutsEnabled: account.payouts_enabled ?? false, updatedAt: now })
    .where(eq(stripeAccounts.accountId, account.id))
    .returning({ userId: stripeAccounts.userId });
  return changed.length > 0;
}

/**
 * The weekly run. First each provider Stripe can pay, with at least `payoutLimits.minCents`
 * available and no transfer still pending, has its whole available amount reserved as a withdraw
 * with its transfer row, in one transaction; then every pending transfer (a run cut short, or
 * Stripe unreachable, leaves some) is asked of Stripe, one row locked at a time, and its withdraw
 * paid out, or given back when Stripe refuses it.
 */
export async function payProviders(db: Db, payments: Payments, now: Date) {
  const due = await db
    .select({ userId: stripeAccounts.userId, accountId: stripeAccounts.accountId, amountCents: wallets.amountCents })
    .from(stripeAccounts)
    .innerJoin(wallets, eq(wallets.userId, stripeAccounts.userId))
    .where(
      and(
        eq(stripeAccounts.payoutsEnabled, true),
        gte(wallets.amountCents, payoutLimits.minCents),
        sql`not exists (select 1 from ${payoutTransfers} where ${payoutTransfers.userId} = ${stripeAccounts.userId} and ${payoutTransfers.status} = 'pending')`,
      ),
    );
  for (const provider of due) {
    await db.transaction(async (tx) => {
      const reserved = await requestWithdraw(tx, { ...provider, title: t.title });
      // Spent meanwhile: next week.
      if (!reserved) return;
      await tx.insert(payoutTransfers).values({ ...provider, transactionId: reserved.row.id, createdAt: now });
    });
  }

  let paid = 0;
  const failed: string[] = [];
  for (;;) {
    const outcome = await db.transaction(async (tx) => {
      const [row] = await tx
        .select()
        .from(payoutTransfers)
        .where(
          and(
            eq(payoutTransfers.status, 'pending'),
            failed.length ? notInArray(payoutTransfers.id, failed) : undefined,
          ),
        )
        .orderBy(payoutTransfers.createdAt, payoutTransfers.id)
        .limit(1)
        .for('update', { skipLocked: true });
      if (!row) return null;
      try {
        const transfer = await payments.stripe.transfers.create(
          {
            amount: row.amountCents,
            currency: 'usd',
            destination: row.accountId,
            metadata: { payoutId: row.id, userId: row.userId },
          },
          { idempotencyKey: `payout-${row.id}` },
        );
        await resolveWithdraw(tx, row.transactionId, '1', null);
        await tx
          .update(payoutTransfers)
          .set({ status: 'paid', transferId: transfer.id, lastError: null, resolvedAt: now })
          .where(eq(payoutTransfers.id, row.id));
        return 'paid';
      } catch (error) {
        // Stripe said no: the money goes back to the wallet. Unreachable, or an error of its own:
        // the transfer may have been made, so it stays pending and is asked again (the same key).
        const refused = refusedByStripe(error);
        if (refused) await resolveWithdraw(tx, row.transactionId, '-1', null);
        await tx
          .update(payoutTransfers)
          .set({
            lastError: stripeErrorText(error),
            ...(refused && { status: 'failed' as const, resolvedAt: now }),
          })
          .where(eq(payoutTransfers.id, row.id));
        failed.push(row.id);
        return 'failed';
      }
    });
    if (!outcome) break;
    if (outcome === 'paid') paid += 1;
  }
  return { paid, failed: failed.length };
}
