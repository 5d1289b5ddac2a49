// The wallet back-office (/userDetail, /withdraw, /profit), administrators only. Money moves
// only by appending a transaction, and the wallet row changes in the same database transaction
// by exactly what the ledger (wallet.ledger.ts) says that transaction does. A member's
// transactions are listed as the member's own list is (wallet.service.ts).
import crypto from 'node:crypto';
import { and, asc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { pageLimits } from '../../../contract/common.js';
import { eventText, payoutText, serverError, walletText as t } from '../../../contract/messages.js';
import {
  hundredthsText,
  walletLimits,
  type DistributionPreview,
  type DistributionRequest,
  type DistributionResult,
  type DistributionType,
  type MemberDetail,
  type MemberSummary,
  type MemberTicket,
  type MemberTicketQuery,
  type MemberTransactionQuery,
  type RiskCategory,
  type WalletTransaction,
} from '../../../contract/wallet.js';
import { noticeKinds, type Notice, type NotificationKind } from '../../../contract/notifications.js';
import { execute, one, type Db, type Queryable } from '../../db/client.js';
import { advisoryLocks, lockUntilCommit } from '../../db/locks.js';
import type { Page } from '../../platform/listing.js';
import {
  distributions,
  notifications,
  payoutTransfers,
  riskCategories,
  riskCategoryIds,
  transactions,
  users,
  wallets,
} from '../../db/schema.js';
import { AppError, badRequest, conflict, isUniqueViolation, notFound } from '../../errors.js';
import { endAllSessions } from '../auth/auth.service.js';
import { publishWith } from '../../platform/live.js';
import { memberRowColumns } from '../members/members.admin.listing.js';
import { insertNotification, publishNotification } from '../notifications/notifications.service.js';
import * as ledger from './wallet.ledger.js';
import { myTickets } from '../support/tickets.service.js';
import { myWallet, tooLargeForWallet, transactionsOf } from './wallet.service.js';

const memberRoles = ['customer', 'provider'] as const;
const isMember = inArray(users.role, [...memberRoles]);

// ---------------------------------------------------------------- risk categories

export function listRiskCategories(db: Db): Promise<RiskCategory[]> {
  return db
    .select({ _id: riskCategories.id, name: riskCategories.name, label: riskCategories.label })
    .from(riskCategories)
    .orderBy(asc(riskCategories.id));
}

// ---------------------------------------------------------------- a member, their wallet and transactions

/** A customer or provider (not an admin), or a 404. */
async function findMember(db: Queryable, userId: string) {
  const [member] = await db
    .select({ id: users.id, role: users.role })
    .from(users)
    .where(and(eq(users.id, userId), isMember))
    .limit(1);
  if (!member) throw notFound(serverError.memberNotFound);
  return member;
}

/** What /userDetail shows: the member, their wallet (zeros without one), the first page of transactions, the newest tickets. */
export async function memberDetail(db: Db, userId: string): Promise<MemberDetail> {
  const [row] = await db
    .select({ ...memberRowColumns, role: users.role })
    .from(users)
    .where(and(eq(users.id, userId), isMember))
    .limit(1);
  if (!row) throw notFound(serverError.memberNotFound);
  const [wallet, firstPage, latestTickets] = await Promise.all([
    myWallet(db, userId),
    transactionsOf(db, userId, { page: 1, limit: pageLimits.defaultSize }),
    myTickets(db, userId, { page: 1, limit: walletLimits.detailTickets }),
  ]);
  return {
    user: { ...row, role: row.role as MemberSummary['role'], createdAt: row.createdAt.toISOString() },
    wallet,
    transaction: firstPage.items,
    transactionMeta: firstPage.meta,
    tickets: latestTickets.items,
  };
}

/** Further pages of a member's transactions, or those of one status. */
export async function memberTransactions(
  db: Db,
  userId: string,
  query: MemberTransactionQuery,
): Promise<Page<WalletTransaction>> {
  await findMember(db, userId);
  return transactionsOf(db, userId, query);
}

/** A page of a member's tickets, or of those of one status. */
export async function memberTickets(db: Db, userId: string, query: MemberTicketQuery): Promise<Page<MemberTicket>> {
  await findMember(db, userId);
  return myTickets(db, userId, query);
}

// ---------------------------------------------------------------- add balance

/** A settled deposit made by an admin; a member without a wallet gets one. */
export async function addBalance(db: Db, adminId: string, userId: string, amountCents: number): Promise<void> {
  await db
    .transaction(async (tx) => {
      await findMember(tx, userId);
      await ledger.deposit(tx, { userId, title: t.balanceAddedTitle, amountCents, adminId });
    })
    .catch(tooLargeForWallet);
}

// ---------------------------------------------------------------- withdraw requests

// The list of withdraw requests is a back-office list: withdraw.admin.listing.ts.
const isWithdraw = eq(transactions.type, 'withdraw');

/**
 * Pays out ('initiate': status '1', reserved → withdrawn) or cancels ('cancel': status '-1',
 * reserved → back to the amount) a withdraw awaiting the admin. The status changes only
 * `where status = '3'`: of two attempts, even at the same instant, one finds the row still
 * awaiting and the other finds nothing to change (409), so the money moves once. A weekly Stripe
 * payout is not the admin's to resolve (409). The member's notification, and its live event, are
 * written in the same transaction.
 */
export async function resolveWithdraw(
  db: Db,
  adminId: string,
  transactionId: string,
  action: 'initiate' | 'cancel',
): Promise<void> {
  await db.transaction(async (tx) => {
    // A weekly payout's withdraw is settled by Stripe's answer (wallet.payouts.ts), never by hand.
    const [transfer] = await tx
      .select({ id: payoutTransfers.id })
      .from(payoutTransfers)
      .where(eq(payoutTransfers.transactionId, transactionId))
      .limit(1);
    if (transfer) throw conflict(payoutText.byStripe);
    const request = await ledger.resolveWithdraw(tx, transactionId, action === 'initiate' ? '1' : '-1', adminId);
    if (!request) {
      const [existing] = await tx
        .select({ id: transactions.id })
        .from(transactions)
        .where(and(eq(transactions.id, transactionId), isWithdraw))
        .limit(1);
      throw existing ? conflict(t.withdrawResolved) : notFound(t.withdrawNotFound);
    }
    await insertNotification(tx, request.userId, {
      notice: 'withdraw',
      transactionId,
      outcome: action === 'initiate' ? 'paid' : 'cancelled',
      amountCents: request.amountCents,
    });
  });
}

// ---------------------------------------------------------------- block and status

/** Blocks or unblocks a member; blocking ends all their sessions in the same transaction. Answers the member's role. */
export async function setBlocked(db: Db, userId: string, isBlocked: boolean): Promise<'customer' | 'provider'> {
  return db.transaction(async (tx) => {
    const [user] = await tx.select({ role: users.role }).from(users).where(eq(users.id, userId)).limit(1);
    if (!user) throw notFound(serverError.memberNotFound);
    if (user.role === 'admin') throw badRequest(t.adminNotBlockable);
    await tx
      .update(users)
      .set({ isBlocked, updatedAt: sql`now()` })
      .where(eq(users.id, userId));
    if (isBlocked) await endAllSessions(tx, userId);
    return user.role;
  });
}

/** Sets a customer's or provider's status ('0' Deactive, '1' Active). Answers the member's role. */
export async function setStatus(db: Db, userId: string, status: '0' | '1'): Promise<'customer' | 'provider'> {
  const [user] = await db.select({ role: users.role }).from(users).where(eq(users.id, userId)).limit(1);
  if (!user) throw notFound(serverError.memberNotFound);
  if (user.role === 'admin') throw badRequest(t.adminNoStatus);
  await db
    .update(users)
    .set({ status, updatedAt: sql`now()` })
    .where(eq(users.id, userId));
  return user.role;
}

// ---------------------------------------------------------------- profit / loss distribution

/** The wallet column of each fixed risk category. */
const categoryColumn: Record<string, string> = {
  [riskCategoryIds.lowrisk]: wallets.lowRiskCents.name,
  [riskCategoryIds.highrisk]: wallets.highRiskCents.name,
};

interface Measured {
  walletCount: number;
  totalCents: number;
  /** What the category's wallets hold (informative: the key signs the wallets that move). */
  heldCents: number;
  previewKey: string;
}

async function riskCategoryOf(db: Queryable, id: string) {
  const column = categoryColumn[id];
  const [category] = column
    ? await db.select({ label: riskCategories.label }).from(riskCategories).where(eq(riskCategories.id, id)).limit(1)
    : [];
  if (!column || !category) throw badRequest(t.riskCategoryInvalid, { riskCategory: t.riskCategoryInvalid });
  return { column: sql`${sql.identifier(column)}`, label: category.label };
}

/**
 * Every wallet with money in the category, what it would get or lose, and a signature of exactly
 * that: the category, the type, the basis points, how many distributions the category had
 * before, and each affected wallet's id, amount and delta. With `lock`, the wallets are locked
 * (FOR UPDATE) until the transaction ends, so they cannot change between measuring and applying.
 */
async function measure(db: Queryable, column: SQL, request: DistributionRequest, lock: boolean): Promise<Measured> {
  const bp = request.percentage;
  // One row; its counts and sums are bigints, which come back as text.
  const [row] = await execute<{
    wallet_count: unknown;
    total: unknown;
    held: unknown;
    digest: unknown;
    before: unknown;
  }>(
    db,
    sql`
    with held as (
      select user_id, ${column} as amount from ${wallets} where ${column} > 0 order by user_id ${lock ? sql`for update` : sql``}
    ), moved as (
      select user_id, amount, ${ledger.shareOf(sql`amount`, bp)} as delta from held
    )
    select
      count(*) filter (where delta > 0) as wallet_count,
      coalesce(sum(delta), 0) as total,
      coalesce(sum(amount), 0) as held,
      encode(sha256(convert_to(coalesce(string_agg(user_id::text || ':' || amount || ':' || delta, ',' order by user_id) filter (where delta > 0), ''), 'UTF8')), 'hex') as digest,
      (select count(*) from ${distributions} where ${distributions.riskCategoryId} = ${request.riskCategory}) as before
    from moved`,
  );
  const walletCount = Number(row?.wallet_count ?? 0);
  const totalCents = Number(row?.total ?? 0);
  const signed = [
    'doorstep-distribution-v1',
    request.riskCategory,
    request.transaction_type,
    bp,
    Number(row?.before ?? 0),
    walletCount,
    totalCents,
    String(row?.digest ?? ''),
  ].join('|');
  return {
    walletCount,
    totalCents,
    heldCents: Number(row?.held ?? 0),
    previewKey: crypto.createHash('sha256').update(signed).digest('hex'),
  };
}

/** What a distribution would move, without moving anything (Calculate on /profit). */
export async function previewDistribution(db: Db, request: DistributionRequest): Promise<DistributionPreview> {
  const { column } = await riskCategoryOf(db, request.riskCategory);
  const measured = await measure(db, column, request, false);
  return {
    totalAmount: measured.totalCents,
    percentage: request.percentage / 100,
    riskCategory: request.riskCategory,
    transactionType: request.transaction_type,
    walletCount: measured.walletCount,
    categoryAmount: measured.heldCents,
    previewKey: measured.previewKey,
  };
}

/**
 * Applies exactly the previewed cents in one database transaction (Distribute on /profit).
 * Distributions take turns (an advisory lock), so a repeated or concurrent submit of one preview
 * finds it applied (409) and moves nothing; the wallets are locked and measured again, and any
 * difference from the preview refuses it (409). Then three set-based statements whatever the
 * number of wallets: the distribution row, one adminProfit transaction per wallet
 * (INSERT … SELECT) and the wallets' category and interest updated from those very rows
 * (UPDATE … FROM), so each wallet changes by exactly its transaction.
 */
export async function applyDistribution(
  db: Db,
  adminId: string,
  request: DistributionRequest & { previewKey: string },
): Promise<DistributionResult> {
  const { column, label } = await riskCategoryOf(db, request.riskCategory);
  const type: DistributionType = request.transaction_type;
  const bp = request.percentage;
  try {
    return await db.transaction(async (tx) => {
      await lockUntilCommit(tx, advisoryLocks.distribution);
      const [applied] = await tx
        .select({ id: distributions.id })
        .from(distributions)
        .where(eq(distributions.previewKey, request.previewKey))
        .limit(1);
      if (applied) throw conflict(t.distributionApplied);
      const measured = await measure(tx, column, request, true);
      if (measured.previewKey !== request.previewKey) throw conflict(t.previewChanged);
      if (measured.walletCount === 0) throw new AppError(422, t.nothingToDistribute);

      const inserted = await tx
        .insert(distributions)
        .values({
          riskCategoryId: request.riskCategory,
          transactionType: type,
          basisPoints: bp,
          totalCents: measured.totalCents,
          walletCount: measured.walletCount,
          previewKey: request.previewKey,
          adminId,
        })
        .returning({ id: distributions.id });
      const distribution = one(inserted);
      // Each member's notice: these facts and the amount their wallet moved.
      const told: Omit<Extract<Notice, { notice: 'distribution' }>, 'amountCents'> = {
        notice: 'distribution',
        distributionId: distribution.id,
        type,
        basisPoints: bp,
        category: label,
      };
      const moved = await ledger.distribute(tx, {
        riskCategoryId: request.riskCategory,
        profitLoss: type,
        basisPoints: bp,
        title: t.distributionTitle(type, hundredthsText(bp), label),
        distributionId: distribution.id,
        adminId,
      });
      // A wallet that gained money in the category after the lock was taken (it held none then) would show here.
      if (moved.walletCount !== measured.walletCount || moved.totalCents !== measured.totalCents)
        throw conflict(t.previewChanged);
      // Each member whose wallet changed hears of it: one notification each, from the rows just
      // written (set-based, whatever the number of wallets).
      const [noticed] = await execute<{ n: unknown }>(
        tx,
        sql`with noticed as (insert into ${notifications} (user_id, kind, message, data)
          select ${transactions.userId}, ${noticeKinds.distribution}::text,
                 ${eventText.distributionApplied(type, hundredthsText(bp), label)}::text,
                 ${JSON.stringify(told)}::jsonb || jsonb_build_object('amountCents', ${transactions.amountCents})
          from ${transactions} where ${transactions.distributionId} = ${distribution.id}
          returning 1) select count(*) as n from noticed`,
      );
      if (Number(noticed?.n) !== moved.walletCount)
        throw new Error('distribution: a notification per changed wallet was not written');
      // One live event to every open page (not one per wallet) has each page read its own list again.
      await publishWith(tx, null, { type: 'notification', data: { _id: null, kind: 'wallet', broadcast: false } });
      return { totalAmount: moved.totalCents, walletCount: moved.walletCount };
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict(t.distributionApplied);
    return tooLargeForWallet(error);
  }
}

// ---------------------------------------------------------------- broadcast

/**
 * One notification row for every member (user_id null): the member lists read broadcasts from it.
 * Its live event goes with it, to every open page.
 */
export async function broadcast(db: Db, adminId: string, message: string): Promise<void> {
  const kind: NotificationKind = 'broadcast';
  await db.transaction(async (tx) => {
    const rows = await tx
      .insert(notifications)
      .values({ userId: null, kind, message, createdByAdminId: adminId })
      .returning({ id: notifications.id, userId: notifications.userId });
    await publishNotification(tx, { ...one(rows), kind });
  });
}
