// The member's own wallet (/v1/wallet/*): figures, moves between the free amount and the risk
// categories, withdraw requests through to the admin's initiate and cancel, the transaction list.
// After every test the books are checked: every wallet's figures equal the sums of its transactions.
import { and, eq } from 'drizzle-orm';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { memberWalletText as t, walletText } from '../../../contract/messages.js';
import { riskCategoryIds, transactions, wallets } from '../../db/schema.js';
import { bearer, expectFailure, expectRefused, expectSuccess, withApp } from '../../test/harness.js';
import { createAdmin, createDeposit, createInvestment, createMember, signIn } from '../../test/factories.js';
import { walletMatchesLedger, walletsOffLedger } from './wallet.ledger.js';
import { walletLimits } from './wallet.routes.js';

const ctx = withApp();
let adminToken: string;

beforeAll(async () => {
  adminToken = await signIn(ctx.db, (await createAdmin(ctx.db)).id);
});
afterEach(async () => {
  expect(await walletsOffLedger(ctx.db)).toEqual([]);
});

const call = (method: 'GET' | 'POST', url: string, token: string | null, payload?: object) =>
  ctx.app.inject({ method, url: `/v1${url}`, ...(payload ? { payload } : {}), headers: token ? bearer(token) : {} });

/** A signed-in member holding `cents` in their free amount. */
async function memberWith(cents: number) {
  const member = await createMember(ctx.db);
  if (cents > 0) await createDeposit(ctx.db, member.id, cents);
  return { member, token: await signIn(ctx.db, member.id) };
}

const walletRow = async (userId: string) => (await ctx.db.select().from(wallets).where(eq(wallets.userId, userId)))[0]!;
const ledgerHolds = async (userId: string) => expect((await walletMatchesLedger(ctx.db, userId)).matches).toBe(true);

it('the routes are described in the OpenAPI document', async () => {
  const doc = (await ctx.app.inject({ method: 'GET', url: '/docs/json' })).json() as {
    paths: Record<string, Record<string, { summary?: string }>>;
  };
  for (const [method, url] of [
    ['get', '/wallet/me'],
    ['get', '/wallet/me/transactions'],
    ['post', '/wallet/invest'],
    ['post', '/wallet/divest'],
    ['post', '/wallet/withdraw'],
  ]) {
    expect(doc.paths[`/v1${url}`]?.[method!]?.summary, url).toBeTruthy();
  }
});

describe('GET /wallet/me', () => {
  it('answers the caller’s figures in cents, zeros without money', async () => {
    const { member, token } = await memberWith(12_345);
    await createInvestment(ctx.db, member.id, 'highrisk', 2_000);
    const res = await call('GET', '/wallet/me', token);
    expectSuccess(res, {
      data: {
        amount: 10_345,
        highRiskAmount: 2_000,
        lowRiskAmount: 0,
        reservedAmount: 0,
        heldAmount: 0,
        withdrawAmount: 0,
        depositAmount: 12_345,
        interestEarned: 0,
      },
    });
    const empty = await memberWith(0);
    expect((await call('GET', '/wallet/me', empty.token)).json().data).toMatchObject({ amount: 0, depositAmount: 0 });
  });

  it('is for signed-in members only: 401 without a session, 403 for an admin', async () => {
    expect((await call('GET', '/wallet/me', null)).statusCode).toBe(401);
    const res = await call('GET', '/wallet/me', adminToken);
    expectRefused(res, 403);
  });
});

describe('POST /wallet/invest and /wallet/divest', () => {
  it('moves money from the free amount into a category and back, one settled transaction each', async () => {
    const { member, token } = await memberWith(10_000);
    const invested = await call('POST', '/wallet/invest', token, { risk: 'lowrisk', amount: '40.25' });
    expect(invested.statusCode).toBe(200);
    expect(invested.json()).toMatchObject({
      status: 1,
      message: t.invested('$40.25', 'Conservative'),
      data: { amount: 5_975, lowRiskAmount: 4_025 },
    });

    const divested = await call('POST', '/wallet/divest', token, { risk: 'lowrisk', amount: 10 });
    expect(divested.json()).toMatchObject({
      message: t.divested('$10.00', 'Conservative'),
      data: { amount: 6_975, lowRiskAmount: 3_025 },
    });

    await call('POST', '/wallet/invest', token, { risk: 'highrisk', amount: 0.1 });
    expect(await walletRow(member.id)).toMatchObject({
      amountCents: 6_965,
      lowRiskCents: 3_025,
      highRiskCents: 10,
      depositCents: 10_000,
    });
    const rows = await ctx.db
      .select({
        type: transactions.type,
        amount: transactions.amountCents,
        risk: transactions.riskCategoryId,
        status: transactions.status,
        title: transactions.title,
      })
      .from(transactions)
      .where(and(eq(transactions.userId, member.id)))
      .orderBy(transactions.createdAt);
    expect(rows.slice(1)).toEqual([
      {
        type: 'invest',
        amount: 4_025,
        risk: riskCategoryIds.lowrisk,
        status: '1',
        title: 'Investment in Conservative',
      },
      {
        type: 'divest',
        amount: 1_000,
        risk: riskCategoryIds.lowrisk,
        status: '1',
        title: 'Moved back from Conservative',
      },
      { type: 'invest', amount: 10, risk: riskCategoryIds.highrisk, status: '1', title: 'Investment in Aggressive' },
    ]);
    await ledgerHolds(member.id);
  });

  it('refuses more than the source holds with 409 and moves nothing', async () => {
    const { member, token } = await memberWith(5_000);
    await createInvestment(ctx.db, member.id, 'highrisk', 1_000);
    const tooMuch = await call('POST', '/wallet/invest', token, { risk: 'lowrisk', amount: '40.01' });
    expectFailure(tooMuch, 409, { code: 'conflict', message: t.notEnoughFree });
    const backTooMuch = await call('POST', '/wallet/divest', token, { risk: 'highrisk', amount: '10.01' });
    expectFailure(backTooMuch, 409, { code: 'conflict', message: t.notEnoughIn('Aggressive') });
    const nothingThere = await call('POST', '/wallet/divest', token, { risk: 'lowrisk', amount: 1 });
    expect(nothingThere.json().message).toBe(t.notEnoughIn('Conservative'));
    // Exactly what it holds is fine.
    expect((await call('POST', '/wallet/divest', token, { risk: 'highrisk', amount: 10 })).statusCode).toBe(200);
    expect(await walletRow(member.id)).toMatchObject({ amountCents: 5_000, highRiskCents: 0, lowRiskCents: 0 });
    expect((await ctx.db.select().from(transactions).where(eq(transactions.userId, member.id))).length).toBe(3);
  });

  it('validates the body (400 with the field’s message)', async () => {
    const { member, token } = await memberWith(1_000);
    for (const [body, field, message] of [
      [{ amount: 1 }, 'risk', t.riskInvalid],
      [{ risk: 'medium', amount: 1 }, 'risk', t.riskInvalid],
      [{ risk: 'lowrisk' }, 'amount', walletText.amountRequired],
      [{ risk: 'lowrisk', amount: 'ten' }, 'amount', walletText.amountNotNumber],
      [{ risk: 'lowrisk', amount: 0 }, 'amount', walletText.amountPositive],
      [{ risk: 'lowrisk', amount: -5 }, 'amount', walletText.amountPositive],
      [{ risk: 'lowrisk', amount: '1.001' }, 'amount', walletText.amountDecimals],
    ] as const) {
      const res = await call('POST', '/wallet/invest', token, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().errors?.[field]).toBe(message);
    }
    expect(await walletRow(member.id)).toMatchObject({ amountCents: 1_000, lowRiskCents: 0 });
  });

  it('moves only the caller’s money: an id in the body is ignored; 401 and 403 for others', async () => {
    const { member, token } = await memberWith(2_000);
    const other = await memberWith(2_000);
    const res = await call('POST', '/wallet/invest', token, {
      risk: 'lowrisk',
      amount: 5,
      userId: other.member.id,
      id: other.member.id,
    });
    expect(res.statusCode).toBe(200);
    expect((await walletRow(member.id)).lowRiskCents).toBe(500);
    expect((await walletRow(other.member.id)).lowRiskCents).toBe(0);
    expect((await call('POST', '/wallet/invest', null, { risk: 'lowrisk', amount: 5 })).statusCode).toBe(401);
    expect((await call('POST', '/wallet/divest', adminToken, { risk: 'lowrisk', amount: 5 })).statusCode).toBe(403);
  });
});

describe('POST /wallet/withdraw', () => {
  it("reserves the amount with a withdraw awaiting the admin ('3'), which the admin then pays out or cancels", async () => {
    const { member, token } = await memberWith(10_000);
    const res = await call('POST', '/wallet/withdraw', token, { amount: '25.50' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      message: t.withdrawRequested('$25.50'),
      data: { amount: 7_450, reservedAmount: 2_550, withdrawAmount: 0 },
    });
    await call('POST', '/wallet/withdraw', token, { amount: 10 });

    // The admin's /withdraw lists both, awaiting.
    const listed = await call(
      'GET',
      `/transaction/unapprovedTransactionList?q=${encodeURIComponent(member.email!)}`,
      adminToken,
    );
    const requests = listed.json().data as { _id: string; amount: number; status: string; title: string }[];
    expect(requests.map((r) => [r.amount, r.status, r.title])).toEqual([
      [1_000, '3', 'Withdraw request'],
      [2_550, '3', 'Withdraw request'],
    ]);

    // Initiate pays the first out; cancel gives the second back.
    expect(
      (await call('POST', '/transaction/initiateAdminWithdrawRequest', adminToken, { id: requests[1]!._id }))
        .statusCode,
    ).toBe(200);
    expect(
      (await call('POST', '/transaction/cancelWithdrawRequest', adminToken, { id: requests[0]!._id })).statusCode,
    ).toBe(200);
    expect((await call('GET', '/wallet/me', token)).json().data).toMatchObject({
      amount: 7_450,
      reservedAmount: 0,
      withdrawAmount: 2_550,
    });
    const mine = (await call('GET', '/wallet/me/transactions', token)).json().data as {
      type: string;
      status: string;
      amount: number;
    }[];
    expect(mine.map((r) => [r.type, r.status, r.amount])).toEqual([
      ['withdraw', '-1', 1_000],
      ['withdraw', '1', 2_550],
      ['deposit', '1', 10_000],
    ]);
    await ledgerHolds(member.id);
  });

  it('refuses more than the free amount (409): reserved and invested money cannot be withdrawn', async () => {
    const { member, token } = await memberWith(3_000);
    await createInvestment(ctx.db, member.id, 'lowrisk', 1_000);
    await call('POST', '/wallet/withdraw', token, { amount: 15 });
    const res = await call('POST', '/wallet/withdraw', token, { amount: '5.01' });
    expectFailure(res, 409, { code: 'conflict', message: t.notEnoughFree });
    expect(await walletRow(member.id)).toMatchObject({ amountCents: 500, reservedCents: 1_500, lowRiskCents: 1_000 });
    const none = await memberWith(0);
    expect((await call('POST', '/wallet/withdraw', none.token, { amount: 1 })).statusCode).toBe(409);
  });

  it('400 on a bad amount, 401 without a session, 403 for an admin', async () => {
    const { token } = await memberWith(1_000);
    const bad = await call('POST', '/wallet/withdraw', token, { amount: '1000000.01' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors.amount).toBe(walletText.amountTooLarge);
    expect((await call('POST', '/wallet/withdraw', null, { amount: 1 })).statusCode).toBe(401);
    expect((await call('POST', '/wallet/withdraw', adminToken, { amount: 1 })).statusCode).toBe(403);
  });
});

describe('GET /wallet/me/transactions', () => {
  it('lists only the caller’s transactions, newest first, 20 a page by default, at most 100', async () => {
    const { member, token } = await memberWith(100_000);
    const other = await memberWith(500);
    for (let i = 0; i < 22; i++)
      await call('POST', '/wallet/invest', token, { risk: i % 2 ? 'highrisk' : 'lowrisk', amount: i + 1 });
    const first = (await call('GET', '/wallet/me/transactions', token)).json();
    expect(first.meta).toEqual({ page: 1, limit: 20, total: 23 });
    expect(first.data).toHaveLength(20);
    expect(first.data[0]).toMatchObject({
      type: 'invest',
      amount: 2_200,
      riskCategory: 'highrisk',
      status: '1',
      title: 'Investment in Aggressive',
      profitLoss: null,
    });
    const last = (await call('GET', '/wallet/me/transactions?page=2', token)).json();
    expect(last.data.map((r: { type: string }) => r.type)).toEqual(['invest', 'invest', 'deposit']);
    expect((await call('GET', '/wallet/me/transactions?limit=101', token)).statusCode).toBe(400);
    expect((await call('GET', '/wallet/me/transactions', other.token)).json().meta.total).toBe(1);
    expect((await call('GET', '/wallet/me/transactions', null)).statusCode).toBe(401);
    expect((await call('GET', '/wallet/me/transactions', adminToken)).statusCode).toBe(403);
    await ledgerHolds(member.id);
  });
});

describe('budgets', () => {
  it(`takes ${walletLimits.movesPerHour} moves an hour and ${walletLimits.withdrawsPerDay} withdraw requests a day from one member`, async () => {
    const { member, token } = await memberWith(100_000);
    for (let i = 0; i < walletLimits.movesPerHour; i++) {
      const path = i % 2 === 0 ? '/wallet/invest' : '/wallet/divest';
      expect((await call('POST', path, token, { risk: 'lowrisk', amount: 1 })).statusCode).toBe(200);
    }
    const refused = await call('POST', '/wallet/divest', token, { risk: 'lowrisk', amount: 1 });
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);

    for (let i = 0; i < walletLimits.withdrawsPerDay; i++)
      expect((await call('POST', '/wallet/withdraw', token, { amount: 1 })).statusCode).toBe(200);
    expect((await call('POST', '/wallet/withdraw', token, { amount: 1 })).statusCode).toBe(429);
    // Nothing was moved by a refused request.
    expect(await walletRow(member.id)).toMatchObject({ amountCents: 98_000, reservedCents: 2_000, lowRiskCents: 0 });
  });
});

describe.skipIf(!process.env.DATABASE_URL)('concurrent requests (PostgreSQL)', () => {
  it('20 withdraws of $10 at once against $55: exactly 5 go through, nothing goes negative, the books hold', async () => {
    const { member } = await memberWith(5_500);
    // Several sessions: independent callers, as from several tabs.
    const tokens = await Promise.all(Array.from({ length: 4 }, () => signIn(ctx.db, member.id)));
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) => call('POST', '/wallet/withdraw', tokens[i % 4]!, { amount: 10 })),
    );
    expect(results.filter((r) => r.statusCode === 200)).toHaveLength(5);
    const refused = results.filter((r) => r.statusCode === 409);
    expect(refused).toHaveLength(15);
    for (const r of refused) expectFailure(r, 409, { code: 'conflict', message: t.notEnoughFree });
    expect(await walletRow(member.id)).toMatchObject({ amountCents: 500, reservedCents: 5_000 });
    const requests = await ctx.db
      .select()
      .from(transactions)
      .where(and(eq(transactions.userId, member.id), eq(transactions.type, 'withdraw')));
    expect(requests).toHaveLength(5);
    await ledgerHolds(member.id);
  });

  it('invests, moves back and withdraws racing on one wallet never overdraw a figure', async () => {
    const { member } = await memberWith(3_000);
    const tokens = await Promise.all(Array.from({ length: 4 }, () => signIn(ctx.db, member.id)));
    const calls = Array.from({ length: 30 }, (_, i) => {
      const token = tokens[i % 4]!;
      if (i % 3 === 0) return call('POST', '/wallet/invest', token, { risk: 'lowrisk', amount: 4 });
      if (i % 3 === 1) return call('POST', '/wallet/divest', token, { risk: 'lowrisk', amount: 3 });
      return call('POST', '/wallet/withdraw', token, { amount: 5 });
    });
    const results = await Promise.all(calls);
    for (const r of results) expect([200, 409]).toContain(r.statusCode);
    const row = await walletRow(member.id);
    for (const value of [row.amountCents, row.lowRiskCents, row.reservedCents]) expect(value).toBeGreaterThanOrEqual(0);
    expect(row.amountCents + row.lowRiskCents + row.reservedCents).toBe(3_000);
    await ledgerHolds(member.id);
  });
});
