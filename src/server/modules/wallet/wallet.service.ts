// The member's own wallet. Every move is one database transaction:
// a conditional update of the wallet (`where <source> >= amount`) and the ledger row that explains
// it. Two requests at the same instant cannot both spend the same cents: PostgreSQL re-checks the
// condition on the row the first one committed, so the second finds too little and moves nothing
// (409); the wallets_nonneg check constraint stands behind it. The rows follow wallet.ledger.ts.
// A member's transaction list is defined here once, for the member and for the admin's /userDetail.
import { and, desc, eq, gte, sql } from 'drizzle-orm';
import type { PageQuery } from '../../../contract/common.js';
import { memberWalletText as t, walletText } from '../../../contract/messages.js';
import { riskLabel } from '../../../contract/member-wallet.js';
import type { RiskName, WalletFigures, WalletTransaction } from '../../../contract/wallet.js';
import type { Db } from '../../db/client.js';
import { countRows, offsetOf, pageOf, totalOver, type Page } from '../../platform/listing.js';
import { riskCategories, riskCategoryIds, transactions, wallets } from '../../db/schema.js';
import { AppError, conflict, pgErrorCode } from '../../errors.js';

const figureColumns = {
  amount: wallets.amountCents,
  highRiskAmount: wallets.highRiskCents,
  lowRiskAmount: wallets.lowRiskCents,
  reservedAmount: wallets.reservedCents,
  heldAmount: wallets.heldCents,
  withdrawAmount: wallets.withdrawCents,
  depositAmount: wallets.depositCents,
  interestEarned: wallets.interestCents,
};

const zeros: WalletFigures = {
  amount: 0,
  highRiskAmount: 0,
  lowRiskAmount: 0,
  reservedAmount: 0,
  heldAmount: 0,
  withdrawAmount: 0,
  depositAmount: 0,
  interestEarned: 0,
};

/** The caller's figures in cents; zeros for a member without a wallet yet. */
export async function myWallet(db: Db, userId: string): Promise<WalletFigures> {
  const [row] = await db.select(figureColumns).from(wallets).where(eq(wallets.userId, userId)).limit(1);
  return row ?? zeros;
}

const transactionColumns = {
  _id: transactions.id,
  title: transactions.title,
  amount: transactions.amountCents,
  createdAt: transactions.createdAt,
  type: transactions.type,
  profitLoss: transactions.profitLoss,
  status: transactions.status,
  riskCategory: riskCategories.name,
};

/**
 * A member's transactions, newest first: the caller's own list, and the admin's /userDetail (the
 * member is not checked here), which may narrow it to one status.
 */
export async function transactionsOf(
  db: Db,
  userId: string,
  query: PageQuery & { status?: WalletTransaction['status'] },
): Promise<Page<WalletTransaction>> {
  const where = and(eq(transactions.userId, userId), query.status ? eq(transactions.status, query.status) : undefined);
  const rows = await db
    .select({ ...transactionColumns, total: totalOver() })
    .from(transactions)
    .leftJoin(riskCategories, eq(riskCategories.id, transactions.riskCategoryId))
    .where(where)
    .orderBy(desc(transactions.createdAt), desc(transactions.id))
    .limit(query.limit)
    .offset(offsetOf(query));
  const page = await pageOf(rows, query, () => countRows(db, transactions, where));
  return { meta: page.meta, items: page.items.map((row) => ({ ...row, createdAt: row.createdAt.toISOString() })) };
}

const categoryColumn = (risk: RiskName) => (risk === 'lowrisk' ? wallets.lowRiskCents : wallets.highRiskCents);
const categoryKey = (risk: RiskName) => (risk === 'lowrisk' ? 'lowRiskCents' : 'highRiskCents');

/** A figure would leave the range of its integer column (PostgreSQL 22003): too much money for a wallet. */
export function tooLargeForWallet(error: unknown): never {
  if (pgErrorCode(error) === '22003') throw new AppError(422, walletText.walletLimit);
  throw error;
}

/**
 * invest: free amount → the category; divest: the category → free amount. Refused with 409 when
 * the source holds less than `amountCents` (a member without a wallet holds nothing).
 */
export async function moveMoney(
  db: Db,
  userId: string,
  kind: 'invest' | 'divest',
  risk: RiskName,
  amountCents: number,
): Promise<WalletFigures> {
  const category = categoryColumn(risk);
  const label = riskLabel(risk);
  const source = kind === 'invest' ? wallets.amountCents : category;
  const sign = kind === 'invest' ? 1 : -1;
  return db
    .transaction(async (tx) => {
      const [after] = await tx
        .update(wallets)
        .set({
          amountCents: sql`${wallets.amountCents} - ${sign * amountCents}`,
          [categoryKey(risk)]: sql`${category} + ${sign * amountCents}`,
          updatedAt: sql`now()`,
        })
        .where(and(eq(wallets.userId, userId), gte(source, amountCents)))
        .returning(figureColumns);
      if (!after) throw conflict(kind === 'invest' ? t.notEnoughFree : t.notEnoughIn(label));
      await tx.insert(transactions).values({
        userId,
        title: kind === 'invest' ? t.investTitleRow(label) : t.divestTitleRow(label),
        amountCents,
        type: kind,
        riskCategoryId: riskCategoryIds[risk],
        status: '1',
      });
      return after;
    })
    .catch(tooLargeForWallet);
}

/** A withdraw request: the amount leaves the free amount for `reserved` until the admin initiates or cancels it. */
export async function requestWithdraw(db: Db, userId: string, amountCents: number): Promise<WalletFigures> {
  return db
    .transaction(async (tx) => {
      const [after] = await tx
        .update(wallets)
        .set({
          amountCents: sql`${wallets.amountCents} - ${amountCents}`,
          reservedCents: sql`${wallets.reservedCents} + ${amountCents}`,
          updatedAt: sql`now()`,
        })
        .where(and(eq(wallets.userId, userId), gte(wallets.amountCents, amountCents)))
        .returning(figureColumns);
      if (!after) throw conflict(t.notEnoughFree);
      await tx
        .insert(transactions)
        .values({ userId, title: t.withdrawRequestTitle, amountCents, type: 'withdraw', status: '3' });
      return after;
    })
    .catch(tooLargeForWallet);
}
