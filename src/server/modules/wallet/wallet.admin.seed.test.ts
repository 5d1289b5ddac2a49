// The seeded database (what a fresh install shows) keeps the books: every wallet equals the sums
// of its transactions, before and after the back-office moves money in it.
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { seed } from '../../db/seed.js';
import { riskCategoryIds, transactions, wallets } from '../../db/schema.js';
import { bearer, withApp } from '../../test/harness.js';
import { createAdmin, signIn } from '../../test/factories.js';
import { walletMatchesLedger, walletsOffLedger } from './wallet.ledger.js';

const ctx = withApp();
let token: string;

beforeAll(async () => {
  expect(await seed(ctx.db, ctx.storage)).not.toBeNull();
  const admin = await createAdmin(ctx.db);
  token = await signIn(ctx.db, admin.id);
});

const post = (url: string, payload: object) =>
  ctx.app.inject({ method: 'POST', url: `/v1/transaction/${url}`, payload, headers: bearer(token) });

describe('the seeded wallets', () => {
  it('every wallet equals its transactions', async () => {
    expect(await walletsOffLedger(ctx.db)).toEqual([]);
    const holders = await ctx.db.select({ userId: wallets.userId }).from(wallets);
    expect(holders.length).toBeGreaterThan(0);
    for (const { userId } of holders) expect((await walletMatchesLedger(ctx.db, userId)).matches, userId).toBe(true);
  });

  it('still do after the back-office resolves the withdraw requests and distributes profit and loss', async () => {
    const awaiting = await ctx.db
      .select({ id: transactions.id })
      .from(transactions)
      .where(and(eq(transactions.type, 'withdraw'), eq(transactions.status, '3')));
    expect(awaiting.length).toBeGreaterThan(0);
    for (const [i, { id }] of awaiting.entries()) {
      expect((await post(i % 2 ? 'cancelWithdrawRequest' : 'initiateAdminWithdrawRequest', { id })).statusCode).toBe(
        200,
      );
    }
    for (const body of [
      { riskCategory: riskCategoryIds.lowrisk, transaction_type: 'profit', percentage: 3.25 },
      { riskCategory: riskCategoryIds.highrisk, transaction_type: 'loss', percentage: 12.5 },
    ]) {
      const preview = (await post('calculatePercentage', body)).json().data;
      expect(preview.walletCount).toBeGreaterThan(0);
      const res = await post('adminDistribution', { ...body, previewKey: preview.previewKey });
      expect(res.json().data).toEqual({ totalAmount: preview.totalAmount, walletCount: preview.walletCount });
    }
    expect(await walletsOffLedger(ctx.db)).toEqual([]);
  });
});
