// The member's own wallet. Every move is one database transaction and one of the ledger's
// operations (wallet.ledger.ts): a conditional update of the wallet (`where <source> >= amount`)
// and the row that explains it. Two requests at the same instant cannot both spend the same cents:
// PostgreSQL re-checks the condition on the row the first one committed, so the second finds too
// little and moves nothing (409); the wallets_nonneg check constraint stands behind it.
// A member's transaction list is defined here once, for the member and for the admin's /userDetail.
import { and, desc, eq } from 'drizzle-orm';
import type { PageQuery } from '../../../contract/common.js';
import { memberWalletText as t, walletText } from '../../../contract/messages.js';
import { riskLabel } from '../../../contract/member-wallet.js';
import type { RiskName, WalletFigures, WalletTransaction } from '../../../contract/wallet.js';
import type { Db } from '../../db/client.js';
import { countRows, offsetOf, pageOf, totalOver, type Page } from '../../platform/listing.js';
import { riskCategories, riskCategoryIds, transactions } from '../../db/schema.js';
import { AppError, conflict, pgErrorCode } from '../../errors.js';
import * as ledger from './wallet.ledger.js';
import type { Figures } from './wallet.ledger.js';

/** The figures as the member's pages show them. */
const shown = (f: Figures): WalletFigures => ({
  amount: f.amountCents,
  highRiskAmount: f.highRiskCents,
  lowRiskAmount: f.lowRiskCents,
  reservedAmount: f.reservedCents,
  heldAmount: f.heldCents,
  withdrawAmount: f.withdrawCents,
  depositAmount: f.depositCents,
  interestEarned: f.interestCents,
});

/** The caller's figures in cents; zeros for a member without a wallet yet. */
export async function myWallet(db: Db, userId: string): Promise<WalletFigures> {
  return shown((await ledger.walletFigures(db, userId)) ?? ledger.zeroFigures);
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
  const label = riskLabel(risk);
  return db
    .transaction(async (tx) => {
      const after = await ledger.invest(tx, kind, {
        userId,
        title: kind === 'invest' ? t.investTitleRow(label) : t.divestTitleRow(label),
        amountCents,
        riskCategoryId: riskCategoryIds[risk],
      });
      if (!after) throw conflict(kind === 'invest' ? t.notEnoughFree : t.notEnoughIn(label));
      return shown(after);
    })
    .catch(tooLargeForWallet);
}

/** A withdraw request: the amount leaves the free amount for `reserved` until the admin initiates or cancels it. */
export async function requestWithdraw(db: Db, userId: string, amountCents: number): Promise<WalletFigures> {
  return db
    .transaction(async (tx) => {
      const after = await ledger.requestWithdraw(tx, { userId, title: t.withdrawRequestTitle, amountCents });
      if (!after) throw conflict(t.notEnoughFree);
      return shown(after.figures);
    })
    .catch(tooLargeForWallet);
}
