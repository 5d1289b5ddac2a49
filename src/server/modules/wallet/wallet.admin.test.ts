// The wallet back-office: /transaction/* and /services/updateUserStatus.
// After every test the whole database is checked against the ledger: every wallet's figures
// equal the sums of its transactions.
import { and, count, eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { adminSupportText, notice, serverError, validation, walletText as t } from '../../../contract/messages.js';
import { toHundredths } from '../../../contract/wallet.js';
import {
  distributions,
  notifications,
  providerProfiles,
  riskCategoryIds,
  sessions,
  transactions,
  users,
  wallets,
} from '../../db/schema.js';
import type { LiveEvent } from '../../../contract/notifications.js';
import { failNotificationsFor } from '../../test/failures.js';
import {
  bearer,
  createTestContext,
  expectSuccess,
  injectAs,
  type Method,
  type TestContext,
  until,
  withApp,
} from '../../test/harness.js';
import {
  createAdmin,
  createDeposit,
  createDivestment,
  createInvestment,
  createMember,
  createProvider,
  createTicket,
  createWithdrawal,
  signIn,
} from '../../test/factories.js';
import { walletMatchesLedger, walletsOffLedger, zeroFigures } from './wallet.ledger.js';

const ctx = withApp();
let admin: Awaited<ReturnType<typeof createAdmin>>;
let adminToken: string;
let memberToken: string;

beforeAll(async () => {
  admin = await createAdmin(ctx.db);
  adminToken = await signIn(ctx.db, admin.id);
  const member = await createMember(ctx.db);
  memberToken = await signIn(ctx.db, member.id);
});
afterEach(async () => {
  expect(await walletsOffLedger(ctx.db)).toEqual([]);
});

const {
  send: call,
  get,
  post,
} = injectAs(
  () => ctx,
  () => adminToken,
);

const unknownId = '7d3c6a52-4f7b-4d0c-9a55-2f1f0e8c1a11';
const sqlText = (text: string) => sql.raw(text);
const sqlNumber = (text: string) => sql<number>`${sql.raw(text)}`.mapWith(Number);

/** The wallet row as the database holds it (cents). */
async function walletOf(userId: string) {
  const [row] = await ctx.db.select().from(wallets).where(eq(wallets.userId, userId));
  return row;
}

async function expectLedger(userId: string) {
  const check = await walletMatchesLedger(ctx.db, userId);
  expect(check.wallet ?? zeroFigures).toEqual(check.ledger);
  expect(check.matches).toBe(true);
}

async function fundedMember(cents: number) {
  const member = await createMember(ctx.db);
  if (cents > 0) await createDeposit(ctx.db, member.id, cents);
  return member;
}

function expectRefusal(res: { statusCode: number; json(): unknown }, status: number, message: string) {
  expect(res.statusCode, JSON.stringify(res.json())).toBe(status);
  expect(res.json()).toMatchObject({ status: 0, message });
}

// ---------------------------------------------------------------- who may call

describe('admin only', () => {
  const routes: [Method, string, object?][] = [
    ['GET', '/v1/transaction/riskCategories'],
    ['GET', `/v1/transaction/userAllDetail/${unknownId}`],
    ['GET', `/v1/transaction/userTransactions/${unknownId}`],
    ['GET', `/v1/transaction/userTickets/${unknownId}`],
    ['POST', '/v1/transaction/addBalanceToUser', { amount: 1, id: unknownId }],
    ['GET', '/v1/transaction/unapprovedTransactionList'],
    ['POST', '/v1/transaction/initiateAdminWithdrawRequest', { id: unknownId }],
    ['POST', '/v1/transaction/cancelWithdrawRequest', { id: unknownId }],
    ['POST', '/v1/transaction/blockUser', { isBlocked: true, id: unknownId }],
    ['POST', '/v1/services/updateUserStatus', { status: 1, _id: unknownId }],
    [
      'POST',
      '/v1/transaction/calculatePercentage',
      { riskCategory: riskCategoryIds.lowrisk, transaction_type: 'profit', percentage: 1 },
    ],
    [
      'POST',
      '/v1/transaction/adminDistribution',
      { riskCategory: riskCategoryIds.lowrisk, transaction_type: 'profit', percentage: 1, previewKey: 'a'.repeat(64) },
    ],
    ['POST', '/v1/transaction/sendDistributionNotification', { message: 'Hello' }],
  ];

  it.each(routes)('%s %s: 401 without a session, 403 for a member', async (method, url, payload) => {
    expectRefusal(await call(method, url, payload, null), 401, serverError.unauthorized);
    expectRefusal(await call(method, url, payload, memberToken), 403, serverError.forbidden);
  });

  it('nothing moved or was written by the refused calls', async () => {
    const [n] = await ctx.db.select({ n: count() }).from(transactions);
    const [d] = await ctx.db.select({ n: count() }).from(distributions);
    const [b] = await ctx.db.select({ n: count() }).from(notifications);
    expect([n!.n, d!.n, b!.n]).toEqual([0, 0, 0]);
  });

  it('the routes are described in the OpenAPI document', async () => {
    const doc = (await ctx.app.inject({ method: 'GET', url: '/docs/json' })).json() as {
      paths: Record<string, Record<string, { tags?: string[]; summary?: string }>>;
    };
    for (const [method, url] of routes) {
      const path = url.replace(unknownId, '{id}');
      const operation = doc.paths[path]?.[method.toLowerCase()];
      expect(operation, path).toBeDefined();
      expect(operation!.tags).toEqual(['wallet']);
      expect(operation!.summary).toBeTruthy();
    }
  });
});

// ---------------------------------------------------------------- risk categories

describe('GET /v1/transaction/riskCategories', () => {
  it('answers the two fixed categories with their labels', async () => {
    const res = await get('/v1/transaction/riskCategories');
    expectSuccess(res, {
      data: [
        { _id: riskCategoryIds.lowrisk, name: 'lowrisk', label: 'Conservative' },
        { _id: riskCategoryIds.highrisk, name: 'highrisk', label: 'Aggressive' },
      ],
    });
  });
});

// ---------------------------------------------------------------- member detail

describe('GET /v1/transaction/userAllDetail/:id and userTransactions/:id', () => {
  it('answers the member, the wallet figures, the newest transactions and tickets', async () => {
    const member = await createMember(ctx.db, {
      name: 'Nora Detail',
      email: 'nora.detail@example.com',
      phone: '5125550177',
      role: 'provider',
      status: '0',
    });
    await createDeposit(ctx.db, member.id, 50_000, 'Card deposit');
    await createInvestment(ctx.db, member.id, 'lowrisk', 20_000, 'Conservative investment');
    await createInvestment(ctx.db, member.id, 'highrisk', 5_000, 'Aggressive investment');
    await createWithdrawal(ctx.db, member.id, 3_000, { title: 'Withdraw to bank' });
    const old = await createTicket(ctx.db, {
      userId: member.id,
      subject: 'Old',
      createdAt: new Date('2026-01-01T00:00:00Z'),
    });
    const recent = await createTicket(ctx.db, {
      userId: member.id,
      subject: 'Recent',
      message: 'Where is my money?',
      createdAt: new Date('2026-02-01T00:00:00Z'),
    });

    const res = await get(`/v1/transaction/userAllDetail/${member.id}`);
    expect(res.statusCode).toBe(200);
    const { data } = res.json();
    expect(data.user).toEqual({
      _id: member.id,
      name: 'Nora Detail',
      email: 'nora.detail@example.com',
      phone: '5125550177',
      status: '0',
      isBlocked: false,
      role: 'provider',
      createdAt: member.createdAt.toISOString(),
    });
    expect(data.wallet).toEqual({
      amount: 22_000,
      highRiskAmount: 5_000,
      lowRiskAmount: 20_000,
      reservedAmount: 3_000,
      heldAmount: 0,
      withdrawAmount: 0,
      depositAmount: 50_000,
      interestEarned: 0,
    });
    expect(data.transaction.map((x: { title: string }) => x.title)).toEqual([
      'Withdraw to bank',
      'Aggressive investment',
      'Conservative investment',
      'Card deposit',
    ]);
    expect(data.transaction[0]).toEqual({
      _id: expect.any(String),
      title: 'Withdraw to bank',
      amount: 3_000,
      createdAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
      type: 'withdraw',
      profitLoss: null,
      status: '3',
      riskCategory: null,
    });
    expect(data.transaction[2]).toMatchObject({ type: 'invest', riskCategory: 'lowrisk', amount: 20_000, status: '1' });
    expect(data.transactionMeta).toEqual({ page: 1, limit: 20, total: 4 });
    expect(data.tickets).toEqual([
      {
        _id: recent.id,
        subject: 'Recent',
        message: 'Where is my money?',
        status: 'pending',
        createdAt: '2026-02-01T00:00:00.000Z',
      },
      { _id: old.id, subject: 'Old', message: old.message, status: 'pending', createdAt: '2026-01-01T00:00:00.000Z' },
    ]);
  });

  it('shows the 20 newest tickets and pages the transactions', async () => {
    const member = await createMember(ctx.db);
    for (let i = 1; i <= 22; i++) {
      await createTicket(ctx.db, { userId: member.id, subject: `T${i}`, createdAt: new Date(Date.UTC(2026, 0, i)) });
    }
    for (let i = 1; i <= 25; i++) {
      await createDeposit(ctx.db, member.id, i, `D${i}`, new Date(Date.UTC(2026, 1, i)));
    }
    const detail = (await get(`/v1/transaction/userAllDetail/${member.id}`)).json().data;
    expect(detail.tickets.map((x: { subject: string }) => x.subject)).toEqual(
      Array.from({ length: 20 }, (_, i) => `T${22 - i}`),
    );
    expect(detail.transaction).toHaveLength(20);
    expect(detail.transaction[0].title).toBe('D25');
    expect(detail.transactionMeta).toEqual({ page: 1, limit: 20, total: 25 });

    const second = await get(`/v1/transaction/userTransactions/${member.id}?page=2&limit=20`);
    expect(second.statusCode).toBe(200);
    expect(second.json().meta).toEqual({ page: 2, limit: 20, total: 25 });
    expect(second.json().data.map((x: { title: string }) => x.title)).toEqual(['D5', 'D4', 'D3', 'D2', 'D1']);
    const past = (await get(`/v1/transaction/userTransactions/${member.id}?page=9&limit=10`)).json();
    expect(past).toEqual({ status: 1, data: [], meta: { page: 9, limit: 10, total: 25 } });
    expect((await get(`/v1/transaction/userTransactions/${member.id}?limit=101`)).statusCode).toBe(400);
  });

  it('a member without a wallet shows zeros', async () => {
    const member = await createMember(ctx.db, { verified: false });
    const res = await get(`/v1/transaction/userAllDetail/${member.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json().data.wallet).toEqual({
      amount: 0,
      highRiskAmount: 0,
      lowRiskAmount: 0,
      reservedAmount: 0,
      heldAmount: 0,
      withdrawAmount: 0,
      depositAmount: 0,
      interestEarned: 0,
    });
    expect(res.json().data.transaction).toEqual([]);
  });

  it('narrows the transactions to one status, with its total, a page at a time', async () => {
    const member = await createMember(ctx.db);
    const at = (day: number) => new Date(Date.UTC(2026, 2, day));
    for (let i = 1; i <= 3; i++) await createDeposit(ctx.db, member.id, 10_000, `Deposit ${i}`, at(i));
    await createWithdrawal(ctx.db, member.id, 1_000, { status: '1', title: 'Paid out', createdAt: at(4) });
    await createWithdrawal(ctx.db, member.id, 2_000, { status: '-1', title: 'Cancelled', createdAt: at(5) });
    await createWithdrawal(ctx.db, member.id, 3_000, { status: '3', title: 'Awaiting', createdAt: at(6) });
    const page = async (query: string) => {
      const res = await get(`/v1/transaction/userTransactions/${member.id}${query}`);
      expect(res.statusCode, query).toBe(200);
      const body = res.json() as { data: { title: string; status: string }[]; meta: unknown };
      return { titles: body.data.map((x) => x.title), statuses: body.data.map((x) => x.status), meta: body.meta };
    };

    const accepted = await page('?status=1');
    expect(accepted.titles).toEqual(['Paid out', 'Deposit 3', 'Deposit 2', 'Deposit 1']);
    expect(accepted.meta).toEqual({ page: 1, limit: 20, total: 4 });
    expect(await page('?status=1&limit=3&page=2')).toEqual({
      titles: ['Deposit 1'],
      statuses: ['1'],
      meta: { page: 2, limit: 3, total: 4 },
    });
    // Past the last page of the status: no rows, and still its own total.
    expect((await page('?status=1&limit=3&page=3')).meta).toEqual({ page: 3, limit: 3, total: 4 });
    expect(await page('?status=3')).toEqual({
      titles: ['Awaiting'],
      statuses: ['3'],
      meta: { page: 1, limit: 20, total: 1 },
    });
    expect((await page('?status=-1')).titles).toEqual(['Cancelled']);
    expect((await page('?status=0')).meta).toEqual({ page: 1, limit: 20, total: 0 });
    expect((await page('')).meta).toEqual({ page: 1, limit: 20, total: 6 });

    for (const status of ['2', 'all', 'accepted', '']) {
      expectRefusal(
        await get(`/v1/transaction/userTransactions/${member.id}?status=${status}`),
        400,
        t.transactionStatusInvalid,
      );
    }
  });

  it('lists the tickets a page at a time, narrowed to one status with its total', async () => {
    const member = await createMember(ctx.db);
    const other = await createMember(ctx.db);
    await createTicket(ctx.db, { userId: other.id, subject: 'Not theirs', status: 'resolved' });
    for (let i = 1; i <= 5; i++) {
      await createTicket(ctx.db, {
        userId: member.id,
        subject: `T${i}`,
        status: i % 2 === 0 ? 'resolved' : 'pending',
        createdAt: new Date(Date.UTC(2026, 0, i)),
      });
    }
    const page = async (query: string) => {
      const res = await get(`/v1/transaction/userTickets/${member.id}${query}`);
      expect(res.statusCode, query).toBe(200);
      const body = res.json() as { data: { subject: string; status: string }[]; meta: unknown };
      return { subjects: body.data.map((x) => x.subject), statuses: body.data.map((x) => x.status), meta: body.meta };
    };

    const all = (await get(`/v1/transaction/userTickets/${member.id}`)).json();
    expect(all.meta).toEqual({ page: 1, limit: 20, total: 5 });
    expect(all.data[0]).toEqual({
      _id: expect.any(String),
      subject: 'T5',
      message: expect.any(String),
      status: 'pending',
      createdAt: '2026-01-05T00:00:00.000Z',
    });
    expect(await page('?status=resolved')).toEqual({
      subjects: ['T4', 'T2'],
      statuses: ['resolved', 'resolved'],
      meta: { page: 1, limit: 20, total: 2 },
    });
    expect(await page('?status=pending&limit=2&page=2')).toEqual({
      subjects: ['T1'],
      statuses: ['pending'],
      meta: { page: 2, limit: 2, total: 3 },
    });
    expect((await page('?status=resolved&page=2')).meta).toEqual({ page: 2, limit: 20, total: 2 });

    for (const status of ['open', 'replied', 'Resolved', '']) {
      expectRefusal(
        await get(`/v1/transaction/userTickets/${member.id}?status=${status}`),
        400,
        adminSupportText.ticketStatusInvalid,
      );
    }
  });

  it('404 for an unknown member or an administrator, 400 for a malformed id', async () => {
    for (const url of ['userAllDetail', 'userTransactions', 'userTickets']) {
      expectRefusal(await get(`/v1/transaction/${url}/${unknownId}`), 404, serverError.memberNotFound);
      expectRefusal(await get(`/v1/transaction/${url}/${admin.id}`), 404, serverError.memberNotFound);
      expectRefusal(await get(`/v1/transaction/${url}/nope`), 400, t.userIdInvalid);
    }
  });
});

// ---------------------------------------------------------------- add balance

describe('POST /v1/transaction/addBalanceToUser', () => {
  const add = (id: string, amount: unknown) => post('/v1/transaction/addBalanceToUser', { amount, id });

  it('adds 0.1 and 0.2 dollars as exactly 30 cents, each a settled deposit by the admin', async () => {
    const member = await createMember(ctx.db);
    for (const amount of [0.1, 0.2]) {
      const res = await add(member.id, amount);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ status: 1, message: notice.balanceAdded });
    }
    expect(await walletOf(member.id)).toMatchObject({ amountCents: 30, depositCents: 30 });
    const rows = await ctx.db
      .select({
        amount: transactions.amountCents,
        type: transactions.type,
        status: transactions.status,
        adminId: transactions.adminId,
        title: transactions.title,
      })
      .from(transactions)
      .where(eq(transactions.userId, member.id));
    expect(rows.map((r) => r.amount).sort((a, b) => a - b)).toEqual([10, 20]);
    for (const row of rows)
      expect(row).toMatchObject({ type: 'deposit', status: '1', adminId: admin.id, title: t.balanceAddedTitle });
    await expectLedger(member.id);
  });

  it('reads dollars as text or numbers without float drift', async () => {
    const member = await createMember(ctx.db);
    // 0.29 * 100, 4.35 * 100 and 1.15 * 100 are not whole numbers in floating point.
    const cases: [unknown, number][] = [
      [0.29, 29],
      [4.35, 435],
      [1.15, 115],
      ['12.50', 1250],
      [' 7 ', 700],
      ['.5', 50],
      ['3.10', 310],
      [1_000_000, 100_000_000],
    ];
    let total = 0;
    for (const [amount, cents] of cases) {
      // No wallet row before the first deposit: its figures read zeros.
      const before = (await walletOf(member.id))?.amountCents ?? 0;
      expect((await add(member.id, amount)).statusCode, String(amount)).toBe(200);
      expect((await walletOf(member.id))!.amountCents - before, String(amount)).toBe(cents);
      total += cents;
    }
    expect(await walletOf(member.id)).toMatchObject({ amountCents: total, depositCents: total });
  });

  it('refuses amounts that are missing, not numbers, not positive, too precise or too large', async () => {
    const member = await createMember(ctx.db);
    const cases: [unknown, string][] = [
      [undefined, t.amountRequired],
      [null, t.amountRequired],
      ['', t.amountRequired],
      ['abc', t.amountNotNumber],
      ['1,5', t.amountNotNumber],
      [true, t.amountNotNumber],
      [{}, t.amountNotNumber],
      ['1e3', t.amountNotNumber],
      [0, t.amountPositive],
      ['0.00', t.amountPositive],
      [-5, t.amountPositive],
      ['-0.01', t.amountPositive],
      [1.005, t.amountDecimals],
      ['0.001', t.amountDecimals],
      [1e-7, t.amountDecimals],
      [0.1 + 0.2, t.amountDecimals],
      [1_000_000.01, t.amountTooLarge],
      ['99999999999999999999', t.amountTooLarge],
      [1e21, t.amountTooLarge],
    ];
    for (const [amount, message] of cases) {
      const res = await post(
        '/v1/transaction/addBalanceToUser',
        amount === undefined ? { id: member.id } : { amount, id: member.id },
      );
      expect(res.statusCode, String(amount)).toBe(400);
      expect(res.json().message, String(amount)).toBe(message);
    }
    expectRefusal(await add('nope', 5), 400, t.userIdInvalid);
    // Nothing arrived, so no wallet was opened.
    expect(await walletOf(member.id)).toBeUndefined();
  });

  it('404 for an unknown member or an administrator', async () => {
    expectRefusal(await add(unknownId, 5), 404, serverError.memberNotFound);
    expectRefusal(await add(admin.id, 5), 404, serverError.memberNotFound);
    expect(await walletOf(admin.id)).toBeUndefined();
  });

  it('gives a member without a wallet one', async () => {
    const member = await createMember(ctx.db, { verified: false });
    expect(await walletOf(member.id)).toBeUndefined();
    expect((await add(member.id, '25.75')).statusCode).toBe(200);
    expect(await walletOf(member.id)).toMatchObject({
      amountCents: 2575,
      depositCents: 2575,
      lowRiskCents: 0,
      reservedCents: 0,
    });
    await expectLedger(member.id);
  });

  it('refuses (422) what the wallet cannot hold, and moves nothing', async () => {
    const member = await createMember(ctx.db);
    for (let i = 0; i < 21; i++) expect((await add(member.id, 1_000_000)).statusCode).toBe(200);
    expectRefusal(await add(member.id, 1_000_000), 422, t.walletLimit);
    expect(await walletOf(member.id)).toMatchObject({ amountCents: 2_100_000_000, depositCents: 2_100_000_000 });
    await expectLedger(member.id);
  });
});

describe('toHundredths', () => {
  it('reads decimals exactly', () => {
    expect(toHundredths(0.1)).toBe(10);
    expect(toHundredths(0.29)).toBe(29);
    expect(toHundredths(1.1)).toBe(110);
    expect(toHundredths('1.500')).toBe(150);
    expect(toHundredths('-2.5')).toBe(-250);
    expect(toHundredths(123456.78)).toBe(12_345_678);
    expect(toHundredths('1.234')).toBe('decimals');
    expect(toHundredths('1.')).toBe(100);
    expect(toHundredths('.')).toBe('notNumber');
    expect(toHundredths(Number.NaN)).toBe('notNumber');
    expect(toHundredths(Infinity)).toBe('notNumber');
    expect(toHundredths('  ')).toBe('required');
  });
});

// ---------------------------------------------------------------- withdraw requests

describe('GET /v1/transaction/unapprovedTransactionList', () => {
  // A database of its own: the list is checked whole.
  let own: TestContext;
  let token: string;
  const list = (query = '') =>
    own.app.inject({ method: 'GET', url: `/v1/transaction/unapprovedTransactionList${query}`, headers: bearer(token) });
  const ids: Record<string, string> = {};
  let amy: Awaited<ReturnType<typeof createMember>>;
  let ben: Awaited<ReturnType<typeof createMember>>;

  beforeAll(async () => {
    own = await createTestContext();
    const ownAdmin = await createAdmin(own.db);
    token = await signIn(own.db, ownAdmin.id);
    amy = await createMember(own.db, { name: 'Amy Withdraw', email: 'amy.withdraw@example.com' });
    ben = await createMember(own.db, { name: 'Ben Withdraw', email: 'ben.withdraw@example.com' });
    await createDeposit(own.db, amy.id, 100_000);
    await createDeposit(own.db, ben.id, 100_000);
    const at = (day: number) => new Date(Date.UTC(2026, 2, day));
    ids.amyOld = (await createWithdrawal(own.db, amy.id, 1_000, { createdAt: at(1) })).id;
    ids.benNew = (await createWithdrawal(own.db, ben.id, 2_000, { createdAt: at(5) })).id;
    ids.amyPaid = (await createWithdrawal(own.db, amy.id, 3_000, { status: '1', createdAt: at(3) })).id;
    ids.benCancelled = (await createWithdrawal(own.db, ben.id, 4_000, { status: '-1', createdAt: at(4) })).id;
  });
  afterAll(async () => {
    expect(await walletsOffLedger(own.db)).toEqual([]);
    await own?.close();
  });

  it("lists the requests awaiting the admin ('3'), newest first, with their member", async () => {
    const res = await list();
    expectSuccess(res, {
      data: [
        {
          _id: ids.benNew,
          title: 'Withdraw request',
          amount: 2_000,
          createdAt: '2026-03-05T00:00:00.000Z',
          status: '3',
          user: { _id: ben.id, email: 'ben.withdraw@example.com', name: 'Ben Withdraw' },
          transfer: null,
        },
        {
          _id: ids.amyOld,
          title: 'Withdraw request',
          amount: 1_000,
          createdAt: '2026-03-01T00:00:00.000Z',
          status: '3',
          user: { _id: amy.id, email: 'amy.withdraw@example.com', name: 'Amy Withdraw' },
          transfer: null,
        },
      ],
      meta: { page: 1, limit: 20, total: 2 },
    });
  });

  it('lists one status, or every withdraw (never deposits) with status=all, a page at a time', async () => {
    expect((await list('?status=1')).json().data.map((x: { _id: string }) => x._id)).toEqual([ids.amyPaid]);
    expect((await list('?status=-1')).json().data.map((x: { _id: string }) => x._id)).toEqual([ids.benCancelled]);
    expect((await list('?status=0')).json()).toEqual({ status: 1, data: [], meta: { page: 1, limit: 20, total: 0 } });
    const all = (await list('?status=all')).json();
    expect(all.data.map((x: { _id: string }) => x._id)).toEqual([
      ids.benNew,
      ids.benCancelled,
      ids.amyPaid,
      ids.amyOld,
    ]);
    expect(all.meta.total).toBe(4);
    const page2 = (await list('?status=all&page=2&limit=3')).json();
    expect(page2).toMatchObject({ data: [{ _id: ids.amyOld }], meta: { page: 2, limit: 3, total: 4 } });
  });

  it('refuses an unknown status filter', async () => {
    expectRefusal(await list('?status=2'), 400, t.statusFilterInvalid);
  });
});

describe('POST /v1/transaction/initiateAdminWithdrawRequest and cancelWithdrawRequest', () => {
  const initiate = (id: string) => post('/v1/transaction/initiateAdminWithdrawRequest', { id });
  const cancel = (id: string) => post('/v1/transaction/cancelWithdrawRequest', { id });

  it('initiating pays the reserved amount out, once', async () => {
    const member = await fundedMember(10_000);
    const request = await createWithdrawal(ctx.db, member.id, 3_000);
    expect(await walletOf(member.id)).toMatchObject({ amountCents: 7_000, reservedCents: 3_000, withdrawCents: 0 });

    const res = await initiate(request.id);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 1, message: 'Withdraw request initiated' });
    expect(await walletOf(member.id)).toMatchObject({
      amountCents: 7_000,
      reservedCents: 0,
      withdrawCents: 3_000,
      depositCents: 10_000,
    });
    const [row] = await ctx.db.select().from(transactions).where(eq(transactions.id, request.id));
    expect(row).toMatchObject({ status: '1', resolvedByAdminId: admin.id, amountCents: 3_000 });
    expect(row!.resolvedAt).toBeInstanceOf(Date);
    await expectLedger(member.id);

    // A second attempt, either way, changes nothing.
    expectRefusal(await initiate(request.id), 409, t.withdrawResolved);
    expectRefusal(await cancel(request.id), 409, t.withdrawResolved);
    expect(await walletOf(member.id)).toMatchObject({ amountCents: 7_000, reservedCents: 0, withdrawCents: 3_000 });
    await expectLedger(member.id);
  });

  it('cancelling returns the reserved amount to the wallet, once', async () => {
    const member = await fundedMember(10_000);
    const request = await createWithdrawal(ctx.db, member.id, 4_000);
    const other = await createWithdrawal(ctx.db, member.id, 1_000);

    const res = await cancel(request.id);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 1, message: 'Withdraw request cancelled' });
    expect(await walletOf(member.id)).toMatchObject({ amountCents: 9_000, reservedCents: 1_000, withdrawCents: 0 });
    const [row] = await ctx.db.select().from(transactions).where(eq(transactions.id, request.id));
    expect(row).toMatchObject({ status: '-1', resolvedByAdminId: admin.id });
    await expectLedger(member.id);

    expectRefusal(await cancel(request.id), 409, t.withdrawResolved);
    expectRefusal(await initiate(request.id), 409, t.withdrawResolved);
    expect(await walletOf(member.id)).toMatchObject({ amountCents: 9_000, reservedCents: 1_000, withdrawCents: 0 });
    // The other request is still there to resolve.
    expect((await initiate(other.id)).statusCode).toBe(200);
    expect(await walletOf(member.id)).toMatchObject({ amountCents: 9_000, reservedCents: 0, withdrawCents: 1_000 });
    await expectLedger(member.id);
  });

  it('tells the member when a request is paid out or cancelled, live; nobody else, and nothing for a refused attempt', async () => {
    const member = await fundedMember(10_000);
    const bystander = await fundedMember(10_000);
    const paid = await createWithdrawal(ctx.db, member.id, 2_550);
    const dropped = await createWithdrawal(ctx.db, member.id, 1_000);
    const events: LiveEvent[] = [];
    const stop = ctx.live.subscribe(member.id, (event) => events.push(event));
    const notes = async (userId: string) =>
      ctx.db
        .select({ kind: notifications.kind, message: notifications.message, data: notifications.data })
        .from(notifications)
        .where(eq(notifications.userId, userId))
        .orderBy(notifications.createdAt);
    try {
      expect((await initiate(paid.id)).statusCode).toBe(200);
      expect((await cancel(dropped.id)).statusCode).toBe(200);
      expect(await notes(member.id)).toEqual([
        {
          kind: 'wallet',
          message: 'Your withdraw request of $25.50 was paid out.',
          data: { notice: 'withdraw', transactionId: paid.id, outcome: 'paid', amountCents: 2550 },
        },
        {
          kind: 'wallet',
          message: 'Your withdraw request of $10.00 was cancelled; the amount is back in your wallet.',
          data: { notice: 'withdraw', transactionId: dropped.id, outcome: 'cancelled', amountCents: 1000 },
        },
      ]);
      await expect.poll(() => events.filter((e) => e.type === 'notification').length).toBe(2);
      expect(await notes(bystander.id)).toEqual([]);
      // Resolved already: 409, and no second notification.
      expect((await initiate(paid.id)).statusCode).toBe(409);
      expect(await notes(member.id)).toHaveLength(2);
      // The member's own list shows them unread.
      const token = await signIn(ctx.db, member.id);
      const unread = await get(`/v1/services/notifications/unread`, token);
      expect(unread.json().data).toEqual({ count: 2 });
    } finally {
      stop();
    }
  });

  it('pays out, the notification stored and sent live with the commit', async () => {
    const member = await fundedMember(10_000);
    const request = await createWithdrawal(ctx.db, member.id, 2_000);
    const events: LiveEvent[] = [];
    const stop = ctx.live.subscribe(member.id, (event) => events.push(event));
    try {
      const res = await initiate(request.id);
      expect(res.statusCode, res.body).toBe(200);
      await until(() => events.length === 1);
      expect(events.map((e) => e.type)).toEqual(['notification']);
    } finally {
      stop();
    }
    expect(await walletOf(member.id)).toMatchObject({ reservedCents: 0, withdrawCents: 2_000 });
    const notes = await ctx.db
      .select({ message: notifications.message })
      .from(notifications)
      .where(eq(notifications.userId, member.id));
    expect(notes).toEqual([{ message: 'Your withdraw request of $20.00 was paid out.' }]);
    await expectLedger(member.id);
  });

  it('leaves the request awaiting and the wallet as it was when the transaction fails after the notification', async () => {
    const member = await fundedMember(10_000);
    const request = await createWithdrawal(ctx.db, member.id, 2_000);
    const restore = await failNotificationsFor(ctx.db, member.id);
    try {
      expect((await initiate(request.id)).statusCode).toBe(500);
      expect((await cancel(request.id)).statusCode).toBe(500);
    } finally {
      await restore();
    }
    const [row] = await ctx.db.select().from(transactions).where(eq(transactions.id, request.id));
    expect(row).toMatchObject({ status: '3', resolvedAt: null });
    expect(await walletOf(member.id)).toMatchObject({ amountCents: 8_000, reservedCents: 2_000, withdrawCents: 0 });
    expect(await ctx.db.select().from(notifications).where(eq(notifications.userId, member.id))).toEqual([]);
    await expectLedger(member.id);
  });

  it('refuses requests already resolved when made, unknown ids and transactions that are not withdraws', async () => {
    const member = await fundedMember(10_000);
    const paid = await createWithdrawal(ctx.db, member.id, 1_000, { status: '1' });
    const cancelled = await createWithdrawal(ctx.db, member.id, 1_000, { status: '-1' });
    const invest = await createInvestment(ctx.db, member.id, 'lowrisk', 500);
    for (const action of [initiate, cancel]) {
      expectRefusal(await action(paid.id), 409, t.withdrawResolved);
      expectRefusal(await action(cancelled.id), 409, t.withdrawResolved);
      expectRefusal(await action(unknownId), 404, t.withdrawNotFound);
      expectRefusal(await action(invest.id), 404, t.withdrawNotFound);
      expectRefusal(await action('nope'), 400, t.transactionIdInvalid);
    }
    await expectLedger(member.id);
  });
});

// ---------------------------------------------------------------- block and status

describe('POST /v1/transaction/blockUser', () => {
  const block = (id: string, isBlocked: unknown) => post('/v1/transaction/blockUser', { isBlocked, id });
  const sessionCount = async (userId: string) =>
    (await ctx.db.select({ n: count() }).from(sessions).where(eq(sessions.userId, userId)))[0]!.n;

  it('blocking ends every session of the member at once; unblocking lets them sign in again', async () => {
    const member = await createMember(ctx.db);
    const tokens = [await signIn(ctx.db, member.id), await signIn(ctx.db, member.id)];
    expect(await sessionCount(member.id)).toBe(2);

    const res = await block(member.id, true);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 1, message: 'Block User Successfully!', data: { isBlocked: true } });
    expect(await sessionCount(member.id)).toBe(0);
    const [row] = await ctx.db.select({ isBlocked: users.isBlocked }).from(users).where(eq(users.id, member.id));
    expect(row!.isBlocked).toBe(true);
    for (const token of tokens) {
      expect((await ctx.app.inject({ method: 'GET', url: '/v1/auth/me', headers: bearer(token) })).statusCode).toBe(
        401,
      );
    }

    const again = await block(member.id, 'false');
    expect(again.json()).toEqual({ status: 1, message: 'Unblock User Successfully!', data: { isBlocked: false } });
    const [after] = await ctx.db.select({ isBlocked: users.isBlocked }).from(users).where(eq(users.id, member.id));
    expect(after!.isBlocked).toBe(false);
    const token = await signIn(ctx.db, member.id);
    expect((await ctx.app.inject({ method: 'GET', url: '/v1/auth/me', headers: bearer(token) })).statusCode).toBe(200);
  });

  it('a blocked provider is no longer listed for customers', async () => {
    const provider = await createProvider(ctx.db);
    const listed = async () =>
      (
        await ctx.db
          .select({ listed: providerProfiles.listed })
          .from(providerProfiles)
          .where(eq(providerProfiles.userId, provider.id))
      )[0]!.listed;
    expect(await listed()).toBe(true);
    expect((await block(provider.id, true)).statusCode).toBe(200);
    expect(await listed()).toBe(false);
    expect((await block(provider.id, false)).statusCode).toBe(200);
    expect(await listed()).toBe(true);
  });

  it('refuses administrators, unknown members and malformed input', async () => {
    expectRefusal(await block(admin.id, true), 400, t.adminNotBlockable);
    expect(await sessionCount(admin.id)).toBeGreaterThan(0);
    expectRefusal(await block(unknownId, true), 404, serverError.memberNotFound);
    expectRefusal(await block(unknownId, 'yes'), 400, t.isBlockedInvalid);
    expectRefusal(await post('/v1/transaction/blockUser', { id: unknownId }), 400, t.isBlockedInvalid);
    expectRefusal(await block('nope', true), 400, t.userIdInvalid);
  });
});

describe('POST /v1/services/updateUserStatus', () => {
  const setStatus = (_id: string, status: unknown) => post('/v1/services/updateUserStatus', { status, _id });
  const statusOf = async (id: string) =>
    (await ctx.db.select({ status: users.status }).from(users).where(eq(users.id, id)))[0]!.status;

  it('sets a customer’s status, as a number or as text', async () => {
    const member = await createMember(ctx.db);
    const res = await setStatus(member.id, 0);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 1, message: 'Status updated successfully', data: { status: '0' } });
    expect(await statusOf(member.id)).toBe('0');
    expect((await setStatus(member.id, '1')).json()).toEqual({
      status: 1,
      message: notice.statusUpdated,
      data: { status: '1' },
    });
    expect(await statusOf(member.id)).toBe('1');
  });

  it('activates a provider, who is then listed for customers', async () => {
    const provider = await createProvider(ctx.db, { status: '0' });
    const listed = async () =>
      (
        await ctx.db
          .select({ listed: providerProfiles.listed })
          .from(providerProfiles)
          .where(eq(providerProfiles.userId, provider.id))
      )[0]!.listed;
    expect(await listed()).toBe(false);
    expect((await setStatus(provider.id, 1)).json().data).toEqual({ status: '1' });
    expect(await listed()).toBe(true);
    expect((await setStatus(provider.id, 0)).statusCode).toBe(200);
    expect(await listed()).toBe(false);
  });

  it('refuses other statuses, administrators and unknown members', async () => {
    const member = await createMember(ctx.db);
    for (const status of [2, '2', -1, 'active', null, true])
      expectRefusal(await setStatus(member.id, status), 400, t.statusInvalid);
    expectRefusal(await setStatus(admin.id, 0), 400, t.adminNoStatus);
    expectRefusal(await setStatus(unknownId, 0), 404, serverError.memberNotFound);
    expectRefusal(await setStatus('nope', 0), 400, t.userIdInvalid);
    expect(await statusOf(member.id)).toBe('1');
  });
});

// ---------------------------------------------------------------- profit / loss distribution

describe('profit and loss distribution', () => {
  // A database of its own: the totals cover every wallet of a category.
  let own: TestContext;
  let ownAdmin: Awaited<ReturnType<typeof createAdmin>>;
  let token: string;
  const send = (url: string, payload: object) =>
    own.app.inject({ method: 'POST', url: `/v1/transaction/${url}`, payload, headers: bearer(token) });
  const calculate = (payload: object) => send('calculatePercentage', payload);
  const distribute = (payload: object) => send('adminDistribution', payload);
  const low = riskCategoryIds.lowrisk;
  const high = riskCategoryIds.highrisk;

  const walletIn = async (userId: string) =>
    (await own.db.select().from(wallets).where(eq(wallets.userId, userId)))[0]!;
  async function investor(risk: 'lowrisk' | 'highrisk', cents: number) {
    const member = await createMember(own.db);
    await createDeposit(own.db, member.id, cents + 1_000);
    await createInvestment(own.db, member.id, risk, cents);
    return member;
  }
  const appliedSum = async (distributionId: string) =>
    (
      await own.db
        .select({ amount: transactions.amountCents })
        .from(transactions)
        .where(eq(transactions.distributionId, distributionId))
    ).reduce((sum, r) => sum + r.amount, 0);

  beforeAll(async () => {
    own = await createTestContext();
    ownAdmin = await createAdmin(own.db);
    token = await signIn(own.db, ownAdmin.id);
  });
  afterEach(async () => {
    expect(await walletsOffLedger(own.db)).toEqual([]);
  });
  afterAll(async () => {
    await own?.close();
  });

  it('previews without moving anything, then applies exactly the preview, once', async () => {
    const a = await investor('lowrisk', 10_000); // 2.5% → 250
    const b = await investor('lowrisk', 333); // 8.325 → 8
    const c = await investor('lowrisk', 30); // 0.75 → 0: left out
    const d = await investor('highrisk', 5_000); // other category
    const before = await Promise.all([a, b, c, d].map((m) => walletIn(m.id)));

    const preview = await calculate({ riskCategory: low, transaction_type: 'profit', percentage: 2.5 });
    expectSuccess(preview, {
      data: {
        totalAmount: 258,
        percentage: 2.5,
        riskCategory: low,
        transactionType: 'profit',
        walletCount: 2,
        // Everything held in the category, c's 30 cents included (they move nothing).
        categoryAmount: 10_363,
        previewKey: expect.stringMatching(/^[0-9a-f]{64}$/),
      },
    });
    const { previewKey } = preview.json().data;
    expect(await Promise.all([a, b, c, d].map((m) => walletIn(m.id)))).toEqual(before);
    // The same question gives the same key.
    expect(
      (await calculate({ riskCategory: low, transaction_type: 'profit', percentage: '2.50' })).json().data.previewKey,
    ).toBe(previewKey);

    const res = await distribute({ riskCategory: low, transaction_type: 'profit', percentage: 2.5, previewKey });
    expectSuccess(res, {
      message: 'Successfully Submitted!',
      data: { totalAmount: 258, walletCount: 2 },
    });

    expect(await walletIn(a.id)).toMatchObject({ lowRiskCents: 10_250, interestCents: 250, amountCents: 1_000 });
    expect(await walletIn(b.id)).toMatchObject({ lowRiskCents: 341, interestCents: 8 });
    expect(await walletIn(c.id)).toEqual(before[2]);
    expect(await walletIn(d.id)).toEqual(before[3]);

    const [distribution] = await own.db.select().from(distributions).where(eq(distributions.previewKey, previewKey));
    expect(distribution).toMatchObject({
      riskCategoryId: low,
      transactionType: 'profit',
      basisPoints: 250,
      totalCents: 258,
      walletCount: 2,
      adminId: ownAdmin.id,
    });
    expect(await appliedSum(distribution!.id)).toBe(258);
    const rows = await own.db.select().from(transactions).where(eq(transactions.distributionId, distribution!.id));
    expect(rows).toHaveLength(2);
    for (const row of rows) {
      expect(row).toMatchObject({
        type: 'adminProfit',
        profitLoss: 'profit',
        riskCategoryId: low,
        status: '1',
        adminId: ownAdmin.id,
        title: 'Profit of 2.50% (Conservative)',
      });
    }

    // The same preview again: refused, nothing moves.
    expectRefusal(
      await distribute({ riskCategory: low, transaction_type: 'profit', percentage: 2.5, previewKey }),
      409,
      t.distributionApplied,
    );
    expect(await walletIn(a.id)).toMatchObject({ lowRiskCents: 10_250, interestCents: 250 });
    expect((await own.db.select({ n: count() }).from(distributions))[0]!.n).toBe(1);

    // A new preview of the same percentage sees the new amounts and applies once more.
    const next = (await calculate({ riskCategory: low, transaction_type: 'profit', percentage: 2.5 })).json().data;
    expect(next.previewKey).not.toBe(previewKey);
    expect(next).toMatchObject({ totalAmount: 256 + 8, walletCount: 2, categoryAmount: 10_363 + 258 }); // 10250 → 256, 341 → 8
    expect(
      (
        await distribute({
          riskCategory: low,
          transaction_type: 'profit',
          percentage: 2.5,
          previewKey: next.previewKey,
        })
      ).json().data,
    ).toEqual({ totalAmount: 264, walletCount: 2 });
    await expectOwnLedger([a.id, b.id, c.id, d.id]);
  });

  async function expectOwnLedger(ids: string[]) {
    for (const id of ids) {
      const check = await walletMatchesLedger(own.db, id);
      expect(check.wallet).toEqual(check.ledger);
    }
  }

  it('a loss of 100% takes everything in the category and no more', async () => {
    // Aggressive wallets of the tests before: a 100% loss takes theirs too.
    const [held] = await own.db
      .select({ total: sqlNumber('coalesce(sum(high_risk_cents), 0)'), n: sqlNumber('count(*)') })
      .from(wallets)
      .where(sqlText('high_risk_cents > 0'));
    const x = await investor('highrisk', 5_000);
    const y = await investor('highrisk', 1);
    const z = await investor('highrisk', 999);
    const total = held!.total + 6_000;
    const preview = (await calculate({ riskCategory: high, transaction_type: 'loss', percentage: 100 })).json().data;
    expect(preview).toMatchObject({
      totalAmount: total,
      walletCount: held!.n + 3,
      transactionType: 'loss',
      percentage: 100,
      categoryAmount: total,
    });
    const res = await distribute({
      riskCategory: high,
      transaction_type: 'loss',
      percentage: 100,
      previewKey: preview.previewKey,
    });
    expect(res.json()).toEqual({
      status: 1,
      message: notice.submitted,
      data: { totalAmount: total, walletCount: held!.n + 3 },
    });
    expect((await own.db.select({ n: count() }).from(wallets).where(sqlText('high_risk_cents <> 0')))[0]!.n).toBe(0);
    for (const [m, cents] of [
      [x, 5_000],
      [y, 1],
      [z, 999],
    ] as const) {
      expect(await walletIn(m.id)).toMatchObject({ highRiskCents: 0, interestCents: -cents });
    }
    const [row] = await own.db
      .select()
      .from(transactions)
      .where(and(eq(transactions.userId, x.id), eq(transactions.type, 'adminProfit')));
    expect(row).toMatchObject({ profitLoss: 'loss', amountCents: 5_000, title: 'Loss of 100.00% (Aggressive)' });

    // Nothing is left in the category: nothing to distribute.
    const empty = (await calculate({ riskCategory: high, transaction_type: 'loss', percentage: 33.33 })).json().data;
    expect(empty).toMatchObject({ totalAmount: 0, walletCount: 0 });
    expectRefusal(
      await distribute({
        riskCategory: high,
        transaction_type: 'loss',
        percentage: 33.33,
        previewKey: empty.previewKey,
      }),
      422,
      t.nothingToDistribute,
    );
    await expectOwnLedger([x.id, y.id, z.id]);
  });

  it('a partial loss: floor of each share, the preview total equals the sum applied', async () => {
    const p = await investor('highrisk', 1_234); // 33.33% → 411.2922 → 411
    const q = await investor('highrisk', 2); // 0.6666 → 0
    const preview = (await calculate({ riskCategory: high, transaction_type: 'loss', percentage: '33.33' })).json()
      .data;
    expect(preview).toMatchObject({ totalAmount: 411, walletCount: 1 });
    const res = await distribute({
      riskCategory: high,
      transaction_type: 'loss',
      percentage: 33.33,
      previewKey: preview.previewKey,
    });
    expect(res.json().data).toEqual({ totalAmount: 411, walletCount: 1 });
    const [distribution] = await own.db
      .select()
      .from(distributions)
      .where(eq(distributions.previewKey, preview.previewKey));
    expect(await appliedSum(distribution!.id)).toBe(preview.totalAmount);
    expect(await walletIn(p.id)).toMatchObject({ highRiskCents: 823, interestCents: -411 });
    expect(await walletIn(q.id)).toMatchObject({ highRiskCents: 2, interestCents: 0 });
  });

  it('refuses a preview the wallets no longer match, or one asked for other figures, and applies nothing', async () => {
    const m = await investor('lowrisk', 4_000);
    const preview = (await calculate({ riskCategory: low, transaction_type: 'profit', percentage: 1 })).json().data;
    const [before] = await own.db.select({ n: count() }).from(distributions);

    // Another percentage, another type, another category: the key is of this preview only.
    expectRefusal(
      await distribute({
        riskCategory: low,
        transaction_type: 'profit',
        percentage: 1.01,
        previewKey: preview.previewKey,
      }),
      409,
      t.previewChanged,
    );
    expectRefusal(
      await distribute({ riskCategory: low, transaction_type: 'loss', percentage: 1, previewKey: preview.previewKey }),
      409,
      t.previewChanged,
    );
    expectRefusal(
      await distribute({
        riskCategory: high,
        transaction_type: 'profit',
        percentage: 1,
        previewKey: preview.previewKey,
      }),
      409,
      t.previewChanged,
    );

    // The member invests more after the preview.
    await createInvestment(own.db, m.id, 'lowrisk', 500);
    const lowBefore = (await walletIn(m.id)).lowRiskCents;
    expectRefusal(
      await distribute({
        riskCategory: low,
        transaction_type: 'profit',
        percentage: 1,
        previewKey: preview.previewKey,
      }),
      409,
      t.previewChanged,
    );
    expect((await walletIn(m.id)).lowRiskCents).toBe(lowBefore);
    expect((await own.db.select({ n: count() }).from(distributions))[0]!.n).toBe(before!.n);

    // A new wallet entering the category changes the preview too.
    const fresh = (await calculate({ riskCategory: low, transaction_type: 'profit', percentage: 1 })).json().data;
    await investor('lowrisk', 100_000);
    expectRefusal(
      await distribute({ riskCategory: low, transaction_type: 'profit', percentage: 1, previewKey: fresh.previewKey }),
      409,
      t.previewChanged,
    );
    expect((await own.db.select({ n: count() }).from(distributions))[0]!.n).toBe(before!.n);
  });

  it('checks the form in its order: risk category, transaction type, percentage (with its limits), preview key', async () => {
    const cases: [object, string][] = [
      [{}, t.riskCategoryInvalid],
      [{ riskCategory: 'lowrisk', transaction_type: 'profit', percentage: 1 }, t.riskCategoryInvalid],
      [{ riskCategory: low }, t.transactionTypeInvalid],
      [{ riskCategory: low, transaction_type: 'gain', percentage: 1 }, t.transactionTypeInvalid],
      [{ riskCategory: low, transaction_type: 'profit' }, t.percentageRequired],
      [{ riskCategory: low, transaction_type: 'profit', percentage: '' }, t.percentageRequired],
      [{ riskCategory: low, transaction_type: 'profit', percentage: 'ten' }, t.percentageNotNumber],
      [{ riskCategory: low, transaction_type: 'profit', percentage: 0 }, t.percentagePositive],
      [{ riskCategory: low, transaction_type: 'loss', percentage: -1 }, t.percentagePositive],
      [{ riskCategory: low, transaction_type: 'profit', percentage: 2.555 }, t.percentageDecimals],
      [{ riskCategory: low, transaction_type: 'loss', percentage: 100.01 }, t.lossTooLarge],
      [{ riskCategory: low, transaction_type: 'profit', percentage: 1000.01 }, t.profitTooLarge],
    ];
    for (const [payload, message] of cases) {
      for (const url of ['calculatePercentage', 'adminDistribution']) {
        const res = await send(url, {
          ...payload,
          ...(url === 'adminDistribution' ? { previewKey: 'a'.repeat(64) } : {}),
        });
        expect(res.statusCode, `${url} ${JSON.stringify(payload)}`).toBe(400);
        expect(res.json().message, `${url} ${JSON.stringify(payload)}`).toBe(message);
      }
    }
    // A well-formed id that is not one of the two categories.
    expectRefusal(
      await calculate({ riskCategory: unknownId, transaction_type: 'profit', percentage: 1 }),
      400,
      t.riskCategoryInvalid,
    );
    expectRefusal(
      await distribute({ riskCategory: low, transaction_type: 'profit', percentage: 1 }),
      400,
      t.previewKeyRequired,
    );
    expectRefusal(
      await distribute({ riskCategory: low, transaction_type: 'profit', percentage: 1, previewKey: 'abc' }),
      400,
      t.previewKeyRequired,
    );
    // The limits themselves are allowed.
    expect((await calculate({ riskCategory: low, transaction_type: 'loss', percentage: 100 })).statusCode).toBe(200);
    expect(
      (await calculate({ riskCategory: low, transaction_type: 'profit', percentage: '1000' })).json().data.percentage,
    ).toBe(1000);
    expect(
      (await calculate({ riskCategory: low, transaction_type: 'profit', percentage: 0.01 })).json().data.percentage,
    ).toBe(0.01);
  });

  it('applies to 10,000 wallets in a few statements', async () => {
    // 10,000 members invested Aggressive, made in three set-based statements.
    await own.db.execute(
      sqlText(`
      with made as (
        insert into users (name, email, referral_code)
        select 'Bulk ' || i, 'bulk' || i || '@example.com', 'BULK' || i from generate_series(1, 10000) as i
        returning id
      ), funded as (
        insert into wallets (user_id, high_risk_cents, deposit_cents)
        select id, 1000 + get_byte(uuid_send(id), 15) * 397, 1000 + get_byte(uuid_send(id), 15) * 397 from made
        returning user_id, high_risk_cents
      ), deposited as (
        insert into transactions (user_id, title, amount_cents, type, status)
        select user_id, 'Bulk deposit', high_risk_cents, 'deposit', '1' from funded
      )
      insert into transactions (user_id, title, amount_cents, type, risk_category_id, status)
      select user_id, 'Bulk investment', high_risk_cents, 'invest', '${high}', '1' from funded`),
    );
    const [expected] = await own.db
      .select({
        total: sqlNumber('coalesce(sum(high_risk_cents * 1234 / 10000), 0)'),
        n: sqlNumber('count(*) filter (where high_risk_cents * 1234 / 10000 > 0)'),
      })
      .from(wallets)
      .where(sqlText('high_risk_cents > 0'));
    const preview = (await calculate({ riskCategory: high, transaction_type: 'profit', percentage: 12.34 })).json()
      .data;
    expect(preview).toMatchObject({ totalAmount: expected!.total, walletCount: expected!.n });
    expect(preview.walletCount).toBeGreaterThanOrEqual(10_000);
    const res = await distribute({
      riskCategory: high,
      transaction_type: 'profit',
      percentage: 12.34,
      previewKey: preview.previewKey,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({ totalAmount: preview.totalAmount, walletCount: preview.walletCount });
    const [distribution] = await own.db
      .select()
      .from(distributions)
      .where(eq(distributions.previewKey, preview.previewKey));
    expect(await appliedSum(distribution!.id)).toBe(preview.totalAmount);
  });
});

describe('distribution notifications', () => {
  let own: TestContext;
  let token: string;
  beforeAll(async () => {
    own = await createTestContext();
    const ownAdmin = await createAdmin(own.db);
    token = await signIn(own.db, ownAdmin.id);
  });
  afterAll(async () => {
    await own?.close();
  });
  const send = (url: string, payload: object) =>
    own.app.inject({ method: 'POST', url: `/v1/transaction/${url}`, payload, headers: bearer(token) });
  async function investor(risk: 'lowrisk' | 'highrisk', cents: number) {
    const member = await createMember(own.db);
    await createDeposit(own.db, member.id, cents + 1_000);
    await createInvestment(own.db, member.id, risk, cents);
    return member;
  }
  const notes = async (userId: string) =>
    own.db
      .select({ kind: notifications.kind, message: notifications.message, data: notifications.data })
      .from(notifications)
      .where(eq(notifications.userId, userId));

  it('each member whose wallet changed gets one notification with their amount, in the same transaction; others none', async () => {
    const x = await investor('lowrisk', 10_000); // 3% → 300
    const y = await investor('lowrisk', 2_000); // → 60
    const tiny = await investor('lowrisk', 10); // → 0: nothing moves, no notification
    const z = await investor('highrisk', 10_000);
    const idle = await createMember(own.db);
    const events: LiveEvent[] = [];
    const stop = own.live.subscribe(x.id, (event) => events.push(event));
    try {
      const preview = (
        await send('calculatePercentage', {
          riskCategory: riskCategoryIds.lowrisk,
          transaction_type: 'profit',
          percentage: 3,
        })
      ).json().data;
      const res = await send('adminDistribution', {
        riskCategory: riskCategoryIds.lowrisk,
        transaction_type: 'profit',
        percentage: 3,
        previewKey: preview.previewKey,
      });
      expect(res.statusCode, res.body).toBe(200);
      const [distribution] = await own.db.select({ id: distributions.id }).from(distributions);
      const message = 'A profit of 3.00% on your Conservative investment was added to your wallet.';
      const told = {
        notice: 'distribution',
        distributionId: distribution!.id,
        type: 'profit',
        basisPoints: 300,
        category: 'Conservative',
      };
      expect(await notes(x.id)).toEqual([{ kind: 'wallet', message, data: { ...told, amountCents: 300 } }]);
      expect(await notes(y.id)).toEqual([{ kind: 'wallet', message, data: { ...told, amountCents: 60 } }]);
      for (const other of [tiny, z, idle]) expect(await notes(other.id)).toEqual([]);
      const [all] = await own.db.select({ n: count() }).from(notifications).where(eq(notifications.kind, 'wallet'));
      expect(all!.n).toBe(res.json().data.walletCount);
      await expect
        .poll(() => events)
        .toContainEqual({ type: 'notification', data: { _id: null, kind: 'wallet', broadcast: false } });
      // The member's list shows it, unread.
      const list = await own.app.inject({
        method: 'GET',
        url: `/v1/services/notificationList/${x.id}`,
        headers: bearer(await signIn(own.db, x.id)),
      });
      expect(list.json().data).toMatchObject([{ kind: 'wallet', message, read: false, broadcast: false }]);

      // A loss reads as one.
      const loss = (
        await send('calculatePercentage', {
          riskCategory: riskCategoryIds.highrisk,
          transaction_type: 'loss',
          percentage: 10,
        })
      ).json().data;
      expect(
        (
          await send('adminDistribution', {
            riskCategory: riskCategoryIds.highrisk,
            transaction_type: 'loss',
            percentage: 10,
            previewKey: loss.previewKey,
          })
        ).statusCode,
      ).toBe(200);
      expect((await notes(z.id)).map((n) => n.message)).toEqual([
        'A loss of 10.00% on your Aggressive investment was taken from your wallet.',
      ]);
      expect(await notes(x.id)).toHaveLength(1);
    } finally {
      stop();
    }
  });

  it('a refused distribution writes no notification', async () => {
    const before = (await own.db.select({ n: count() }).from(notifications))[0]!.n;
    const res = await send('adminDistribution', {
      riskCategory: riskCategoryIds.lowrisk,
      transaction_type: 'profit',
      percentage: 3,
      previewKey: 'f'.repeat(64),
    });
    expect(res.statusCode).toBe(409);
    expect((await own.db.select({ n: count() }).from(notifications))[0]!.n).toBe(before);
  });
});

// ---------------------------------------------------------------- broadcast

describe('POST /v1/transaction/sendDistributionNotification', () => {
  it('stores one broadcast for every member, which their notification lists show, and tells open pages', async () => {
    const member = await createMember(ctx.db);
    const token = await signIn(ctx.db, member.id);
    const events: LiveEvent[] = [];
    const stop = ctx.live.subscribe(member.id, (event) => events.push(event));
    try {
      const res = await post('/v1/transaction/sendDistributionNotification', {
        message: '  Profit of 2.5% credited to Conservative wallets.  ',
      });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ status: 1, message: 'Sent Successfully' });

      const rows = await ctx.db.select().from(notifications).where(eq(notifications.kind, 'broadcast'));
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({
        userId: null,
        kind: 'broadcast',
        message: 'Profit of 2.5% credited to Conservative wallets.',
        createdByAdminId: admin.id,
      });

      const list = await ctx.app.inject({
        method: 'GET',
        url: `/v1/services/notificationList/${member.id}`,
        headers: bearer(token),
      });
      expect(list.json().data).toEqual([
        expect.objectContaining({
          _id: rows[0]!.id,
          message: 'Profit of 2.5% credited to Conservative wallets.',
          broadcast: true,
          read: false,
        }),
      ]);

      await expect
        .poll(() => events, { timeout: 5_000 })
        .toContainEqual({ type: 'notification', data: { _id: rows[0]!.id, kind: 'broadcast', broadcast: true } });
    } finally {
      stop();
    }
  });

  it('refuses an empty or too long message', async () => {
    const [before] = await ctx.db.select({ n: count() }).from(notifications);
    for (const payload of [{}, { message: '' }, { message: '   ' }, { message: 5 }]) {
      expectRefusal(
        await post('/v1/transaction/sendDistributionNotification', payload),
        400,
        validation.messageRequired,
      );
    }
    expectRefusal(
      await post('/v1/transaction/sendDistributionNotification', { message: 'x'.repeat(2001) }),
      400,
      t.notificationTooLong,
    );
    const [after] = await ctx.db.select({ n: count() }).from(notifications);
    expect(after!.n).toBe(before!.n);
  });
});

// ---------------------------------------------------------------- the ledger check itself

describe('walletMatchesLedger', () => {
  it('holds through every kind of transaction, and notices a wallet changed without one', async () => {
    const member = await fundedMember(100_000);
    await createInvestment(ctx.db, member.id, 'lowrisk', 30_000);
    await createInvestment(ctx.db, member.id, 'highrisk', 20_000);
    await createDivestment(ctx.db, member.id, 'highrisk', 5_000);
    await createWithdrawal(ctx.db, member.id, 1_000, { status: '3' });
    await createWithdrawal(ctx.db, member.id, 2_000, { status: '1' });
    await createWithdrawal(ctx.db, member.id, 4_000, { status: '-1' });
    const check = await walletMatchesLedger(ctx.db, member.id);
    expect(check).toEqual({
      matches: true,
      wallet: check.ledger,
      ledger: {
        amountCents: 52_000,
        lowRiskCents: 30_000,
        highRiskCents: 15_000,
        reservedCents: 1_000,
        heldCents: 0,
        depositCents: 100_000,
        withdrawCents: 2_000,
        interestCents: 0,
      },
    });

    // Money that moves without a transaction is caught, by member and over the whole database.
    await ctx.db.update(wallets).set({ amountCents: 52_001 }).where(eq(wallets.userId, member.id));
    try {
      expect((await walletMatchesLedger(ctx.db, member.id)).matches).toBe(false);
      expect(await walletsOffLedger(ctx.db)).toEqual([
        { userId: member.id, wallet: { ...check.ledger, amountCents: 52_001 }, ledger: check.ledger },
      ]);
    } finally {
      await ctx.db.update(wallets).set({ amountCents: 52_000 }).where(eq(wallets.userId, member.id));
    }
    // A transaction without a wallet is caught too.
    const walletless = await createMember(ctx.db, { verified: false });
    await ctx.db
      .insert(transactions)
      .values({ userId: walletless.id, title: 'Stray', amountCents: 5, type: 'deposit', status: '1' });
    try {
      expect(await walletsOffLedger(ctx.db)).toEqual([
        { userId: walletless.id, wallet: zeroFigures, ledger: { ...zeroFigures, amountCents: 5, depositCents: 5 } },
      ]);
    } finally {
      await ctx.db.delete(transactions).where(eq(transactions.userId, walletless.id));
    }
  });
});
