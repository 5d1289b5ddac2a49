// /withdraw's list: GET /v1/transaction/unapprovedTransactionList as an admin list (status filter,
// search, sort, pages) and its streamed Excel export. The basic shape and the status filter are
// also checked in wallet.admin.test.ts; this file covers what the listing machinery adds.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminWalletText, payoutText, walletText } from '../../../contract/messages.js';
import { createAdmin, createDeposit, createMember, createWithdrawal, signIn } from '../../test/factories.js';
import { bearer, expectAdminOnly, withApp } from '../../test/harness.js';
import { exportedSheet, readSheet } from '../../test/xlsx.js';
import { walletsOffLedger } from './wallet.ledger.js';

const ctx = withApp();
let adminToken: string;
let memberToken: string;
const ids: Record<string, string> = {};

const path = '/v1/transaction/unapprovedTransactionList';
const list = (query = '', token: string | null = adminToken, suffix = '') =>
  ctx.app.inject({ method: 'GET', url: `${path}${suffix}${query}`, headers: token ? bearer(token) : {} });
const exported = (query = '', token: string | null = adminToken) => list(query, token, '/export');
const idsOf = (body: { data: { _id: string }[] }) => body.data.map((row) => row._id);

beforeAll(async () => {
  const admin = await createAdmin(ctx.db);
  adminToken = await signIn(ctx.db, admin.id);
  const amy = await createMember(ctx.db, { name: 'Amy Adams', email: 'amy@example.test' });
  const bob = await createMember(ctx.db, { name: 'Bob 100%_Brown', email: 'bob@example.test' });
  memberToken = await signIn(ctx.db, amy.id);
  await createDeposit(ctx.db, amy.id, 500_000);
  await createDeposit(ctx.db, bob.id, 500_000);
  // A deposit is never a withdraw request, whatever the filter.
  await createDeposit(ctx.db, bob.id, 1_234, 'Withdraw-looking deposit');
  const at = (day: number) => new Date(Date.UTC(2026, 3, day, 9));
  ids.amyCar = (await createWithdrawal(ctx.db, amy.id, 12_345, { title: 'New car', createdAt: at(2) })).id;
  ids.amyRent = (await createWithdrawal(ctx.db, amy.id, 50_000, { title: 'Rent', createdAt: at(4) })).id;
  ids.bobBank = (await createWithdrawal(ctx.db, bob.id, 999, { title: 'Withdraw to bank', createdAt: at(3) })).id;
  ids.bobPaid = (
    await createWithdrawal(ctx.db, bob.id, 7_000, { status: '1', title: 'Withdraw to bank', createdAt: at(1) })
  ).id;
  ids.amyCancelled = (
    await createWithdrawal(ctx.db, amy.id, 3_000, { status: '-1', title: 'Holiday', createdAt: at(5) })
  ).id;
});
afterAll(async () => {
  expect(await walletsOffLedger(ctx.db)).toEqual([]);
});

describe('who may call', () => {
  it('refuses an anonymous caller with 401 and a member with 403, for the page and the export', async () => {
    for (const call of [list, exported]) {
      await expectAdminOnly((token) => call('', token), memberToken);
    }
  });

  it('is described in the OpenAPI document, page and export', async () => {
    const doc = (await ctx.app.inject({ method: 'GET', url: '/docs/json' })).json() as {
      paths: Record<string, { get?: { tags?: string[] } }>;
    };
    expect(doc.paths[path]?.get?.tags).toEqual(['wallet']);
    expect(doc.paths[`${path}/export`]?.get?.tags).toEqual(['wallet']);
  });
});

describe('GET /v1/transaction/unapprovedTransactionList: search, sort, filter', () => {
  it("awaiting the admin ('3') by default, newest first, with the page meta", async () => {
    const body = (await list()).json();
    expect(idsOf(body)).toEqual([ids.amyRent, ids.bobBank, ids.amyCar]);
    expect(body.meta).toEqual({ page: 1, limit: 20, total: 3 });
    expect(body.data[0]).toEqual({
      _id: ids.amyRent,
      title: 'Rent',
      amount: 50_000,
      createdAt: '2026-04-04T09:00:00.000Z',
      status: '3',
      user: { _id: expect.any(String), email: 'amy@example.test', name: 'Amy Adams' },
      transfer: null,
    });
  });

  it("searches the member's email and name and the title, case-insensitively, % and _ taken literally, within the status", async () => {
    expect(idsOf((await list('?q=AMY@EXAMPLE')).json())).toEqual([ids.amyRent, ids.amyCar]);
    expect(idsOf((await list('?q=new%20car')).json())).toEqual([ids.amyCar]);
    expect(idsOf((await list(`?q=${encodeURIComponent('100%_b')}`)).json())).toEqual([ids.bobBank]);
    // "bank" matches the awaiting request and, with status=all, the paid one too; never the deposit.
    expect(idsOf((await list('?q=bank')).json())).toEqual([ids.bobBank]);
    const all = (await list('?q=bank&status=all')).json();
    expect(idsOf(all)).toEqual([ids.bobBank, ids.bobPaid]);
    expect(all.meta.total).toBe(2);
    expect((await list('?q=withdraw-looking&status=all')).json()).toEqual({
      status: 1,
      data: [],
      meta: { page: 1, limit: 20, total: 0 },
    });
  });

  it('sorts by amount, email, title or date, either way, a page at a time', async () => {
    expect(idsOf((await list('?sort=amount')).json())).toEqual([ids.bobBank, ids.amyCar, ids.amyRent]);
    expect(idsOf((await list('?sort=amount&order=desc')).json())).toEqual([ids.amyRent, ids.amyCar, ids.bobBank]);
    // Equal emails or titles keep one fixed order (the id), so pages never repeat or skip a row.
    const byEmail = idsOf((await list('?sort=email&order=desc&status=all')).json());
    expect(byEmail.slice(0, 2)).toEqual([ids.bobBank, ids.bobPaid].sort());
    expect(byEmail.slice(2).sort()).toEqual([ids.amyCar, ids.amyRent, ids.amyCancelled].sort());
    expect(idsOf((await list('?sort=title&status=all')).json())).toEqual([
      ids.amyCancelled,
      ids.amyCar,
      ids.amyRent,
      ...[ids.bobBank, ids.bobPaid].sort(),
    ]);
    expect(idsOf((await list('?sort=createdAt&status=all')).json())).toEqual([
      ids.bobPaid,
      ids.amyCar,
      ids.bobBank,
      ids.amyRent,
      ids.amyCancelled,
    ]);
    const second = (await list('?sort=amount&limit=2&page=2')).json();
    expect(second).toMatchObject({ data: [{ _id: ids.amyRent }], meta: { page: 2, limit: 2, total: 3 } });
  });

  it('refuses an unknown status, sort column or order, a page of 0 and a search of 101 characters, with the message', async () => {
    const status = await list('?status=2');
    expect(status.statusCode).toBe(400);
    expect(status.json().message).toBe(walletText.statusFilterInvalid);
    for (const query of ['?sort=password', '?order=up', '?page=0', '?limit=101', `?q=${'a'.repeat(101)}`]) {
      const res = await list(query);
      expect(res.statusCode, query).toBe(400);
      expect(res.json().status, query).toBe(0);
    }
  });
});

describe('GET /v1/transaction/unapprovedTransactionList/export', () => {
  it('streams the filtered list as .xlsx: dollars as numbers, statuses as words, ignoring the page', async () => {
    const res = await exported('?status=all&sort=amount&order=desc&page=2&limit=1');
    const rows = await exportedSheet(res, 'withdraw-requests');
    const t = adminWalletText;
    expect(rows[0]).toEqual([t.email, t.userName, t.title, t.amount, t.date, t.status, payoutText.transfer]);
    // Each asked for by hand: no Stripe transfer.
    expect(rows.slice(1).map((row) => [row[0], row[1], row[2], row[3], row[5], row[6]])).toEqual([
      ['amy@example.test', 'Amy Adams', 'Rent', 500, 'Awaiting', 'By hand'],
      ['amy@example.test', 'Amy Adams', 'New car', 123.45, 'Awaiting', 'By hand'],
      ['bob@example.test', 'Bob 100%_Brown', 'Withdraw to bank', 70, 'Accepted', 'By hand'],
      ['amy@example.test', 'Amy Adams', 'Holiday', 30, 'Rejected', 'By hand'],
      ['bob@example.test', 'Bob 100%_Brown', 'Withdraw to bank', 9.99, 'Awaiting', 'By hand'],
    ]);
    expect(rows[1]![4]).toEqual(new Date('2026-04-04T09:00:00.000Z'));
  });

  it('applies the default status and the search to the file', async () => {
    const rows = await readSheet((await exported('?q=amy')).rawPayload);
    expect(rows.slice(1).map((row) => row[2])).toEqual(['Rent', 'New car']);
  });
});
