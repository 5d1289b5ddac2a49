// Admins racing on one withdraw request or one distribution, on a PostgreSQL server with a pool of
// connections (PGlite has a single connection, so requests there never overlap inside the
// database: skipped). Money must move once, and the books must hold afterwards.
import { count, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { walletText as t } from '../../../contract/messages.js';
import { distributions, riskCategoryIds, transactions, wallets } from '../../db/schema.js';
import { bearer, expectFailure, withApp } from '../../test/harness.js';
import {
  createAdmin,
  createDeposit,
  createInvestment,
  createMember,
  createWithdrawal,
  signIn,
} from '../../test/factories.js';
import { walletsOffLedger } from './wallet.ledger.js';

const onPostgres = Boolean(process.env.DATABASE_URL);

describe.skipIf(!onPostgres)('wallet under concurrency (PostgreSQL)', () => {
  const ctx = withApp();
  let tokens: string[];

  beforeAll(async () => {
    // Two admins, each with a few sessions: the racers are independent callers.
    const admins = [await createAdmin(ctx.db), await createAdmin(ctx.db)];
    tokens = await Promise.all(Array.from({ length: 4 }, (_, i) => signIn(ctx.db, admins[i % 2]!.id)));
  });

  const post = (url: string, payload: object, i: number) =>
    ctx.app.inject({
      method: 'POST',
      url: `/v1/transaction/${url}`,
      payload,
      headers: bearer(tokens[i % tokens.length]!),
    });
  const walletOf = async (userId: string) =>
    (await ctx.db.select().from(wallets).where(eq(wallets.userId, userId)))[0]!;

  it('20 initiate and cancel calls at once on one request: exactly one wins, the wallet moves once', async () => {
    for (let round = 0; round < 3; round++) {
      const member = await createMember(ctx.db);
      await createDeposit(ctx.db, member.id, 10_000);
      const request = await createWithdrawal(ctx.db, member.id, 2_500);
      const results = await Promise.all(
        Array.from({ length: 20 }, (_, i) =>
          post(i % 2 ? 'cancelWithdrawRequest' : 'initiateAdminWithdrawRequest', { id: request.id }, i),
        ),
      );
      const won = results.filter((r) => r.statusCode === 200);
      expect(won).toHaveLength(1);
      const lost = results.filter((r) => r.statusCode === 409);
      expect(lost).toHaveLength(19);
      for (const r of lost) expectFailure(r, 409, { code: 'conflict', message: t.withdrawResolved });

      const paid = won[0]!.json().message === t.withdrawInitiated;
      const [row] = await ctx.db
        .select({ status: transactions.status })
        .from(transactions)
        .where(eq(transactions.id, request.id));
      expect(row!.status).toBe(paid ? '1' : '-1');
      expect(await walletOf(member.id)).toMatchObject(
        paid
          ? { amountCents: 7_500, reservedCents: 0, withdrawCents: 2_500 }
          : { amountCents: 10_000, reservedCents: 0, withdrawCents: 0 },
      );
    }
    expect(await walletsOffLedger(ctx.db)).toEqual([]);
  });

  it('two submits of one preview at once: one applies, the other is refused and applies nothing', async () => {
    const members = await Promise.all(
      [12_345, 678, 90_000].map(async (cents) => {
        const member = await createMember(ctx.db);
        await createDeposit(ctx.db, member.id, cents);
        await createInvestment(ctx.db, member.id, 'lowrisk', cents);
        return member;
      }),
    );
    const body = { riskCategory: riskCategoryIds.lowrisk, transaction_type: 'profit', percentage: 7.77 };
    const preview = (await post('calculatePercentage', body, 0)).json().data;
    expect(preview).toMatchObject({ totalAmount: 959 + 52 + 6_993, walletCount: 3 });

    const results = await Promise.all(
      [0, 1].map((i) => post('adminDistribution', { ...body, previewKey: preview.previewKey }, i)),
    );
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expectFailure(
      results.find((r) => r.statusCode === 409)!,
      409,
      { code: 'conflict', message: t.distributionApplied },
    );
    expect(results.find((r) => r.statusCode === 200)!.json().data).toEqual({
      totalAmount: preview.totalAmount,
      walletCount: 3,
    });

    expect((await ctx.db.select({ n: count() }).from(distributions))[0]!.n).toBe(1);
    const applied = await ctx.db
      .select({ amount: transactions.amountCents })
      .from(transactions)
      .where(eq(transactions.type, 'adminProfit'));
    expect(applied.reduce((sum, r) => sum + r.amount, 0)).toBe(preview.totalAmount);
    expect((await walletOf(members[0]!.id)).lowRiskCents).toBe(12_345 + 959);
    expect(await walletsOffLedger(ctx.db)).toEqual([]);
  });

  it('balances added at once to one member all count', async () => {
    const member = await createMember(ctx.db);
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) => post('addBalanceToUser', { amount: '0.10', id: member.id }, i)),
    );
    expect(results.every((r) => r.statusCode === 200)).toBe(true);
    expect(await walletOf(member.id)).toMatchObject({ amountCents: 200, depositCents: 200 });
    expect(await walletsOffLedger(ctx.db)).toEqual([]);
  });

  it('a withdraw paid out while a distribution runs: both apply, the books hold', async () => {
    const member = await createMember(ctx.db);
    await createDeposit(ctx.db, member.id, 50_000);
    await createInvestment(ctx.db, member.id, 'highrisk', 20_000);
    const request = await createWithdrawal(ctx.db, member.id, 10_000);
    const body = { riskCategory: riskCategoryIds.highrisk, transaction_type: 'loss', percentage: 10 };
    const preview = (await post('calculatePercentage', body, 0)).json().data;
    const [paid, distributed] = await Promise.all([
      post('initiateAdminWithdrawRequest', { id: request.id }, 1),
      post('adminDistribution', { ...body, previewKey: preview.previewKey }, 2),
    ]);
    expect([paid.statusCode, distributed.statusCode]).toEqual([200, 200]);
    expect(await walletOf(member.id)).toMatchObject({
      amountCents: 20_000,
      highRiskCents: 18_000,
      reservedCents: 0,
      withdrawCents: 10_000,
      interestCents: -2_000,
    });
    expect(await walletsOffLedger(ctx.db)).toEqual([]);
  });
});
