// The admin member lists (/userlisting, /vendor) and, through them, the listing machinery every
// admin list shares: pages, search, sorting, validation, roles and the streamed Excel export.
import { beforeAll, describe, expect, it } from 'vitest';
import { adminListText } from '../../../contract/messages.js';
import { createAdmin, createMember, createProvider, signIn } from '../../test/factories.js';
import { bearer, expectAdminOnly, withApp } from '../../test/harness.js';
import { exportedSheet, readSheet } from '../../test/xlsx.js';

const ctx = withApp();
let adminToken: string;
let memberToken: string;

const list = (path: string, query = '', token: string | null = adminToken) =>
  ctx.app.inject({ method: 'GET', url: `/v1/admin/${path}${query}`, headers: token ? bearer(token) : {} });

beforeAll(async () => {
  const admin = await createAdmin(ctx.db);
  adminToken = await signIn(ctx.db, admin.id);
  // 25 customers named Customer 01…25, joined a day apart (01 oldest), and 3 providers.
  for (let i = 1; i <= 25; i++) {
    const n = String(i).padStart(2, '0');
    await createMember(ctx.db, {
      name: `Customer ${n}`,
      email: `customer${n}@example.test`,
      status: i === 3 ? '0' : '1',
      createdAt: new Date(Date.UTC(2026, 0, i)),
    });
  }
  const member = await createMember(ctx.db, {
    name: 'Zed 100%_match',
    email: 'zed@example.test',
    createdAt: new Date(Date.UTC(2026, 1, 1)),
  });
  memberToken = await signIn(ctx.db, member.id);
  for (const name of ['Paula Plumber', 'Carl Carpenter', 'Pia Painter']) await createProvider(ctx.db, { name });
});

describe('GET /v1/admin/users and /vendors: who may call', () => {
  it('refuses an anonymous caller with 401 and a member with 403, for the page and the export', async () => {
    for (const path of ['users', 'users/export', 'vendors', 'vendors/export']) {
      await expectAdminOnly((token) => list(path, '', token), memberToken, path);
    }
  });
});

describe('GET /v1/admin/users: pages, search and sort', () => {
  it('lists customers only, newest first, 20 a page, with the total', async () => {
    const res = await list('users');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.meta).toEqual({ page: 1, limit: 20, total: 26 });
    expect(body.data).toHaveLength(20);
    expect(body.data[0]).toMatchObject({
      name: 'Zed 100%_match',
      email: 'zed@example.test',
      status: '1',
      isBlocked: false,
    });
    expect(body.data[1].name).toBe('Customer 25');
    expect(body.data.map((row: { name: string }) => row.name)).not.toContain('Paula Plumber');
  });

  it('gives the rest on page 2 and an empty page past the end, still with the total', async () => {
    const second = (await list('users', '?page=2')).json();
    expect(second.data.map((row: { name: string }) => row.name)).toEqual([
      'Customer 06',
      'Customer 05',
      'Customer 04',
      'Customer 03',
      'Customer 02',
      'Customer 01',
    ]);
    const past = (await list('users', '?page=9')).json();
    expect(past).toEqual({ status: 1, data: [], meta: { page: 9, limit: 20, total: 26 } });
  });

  it('searches name, email and phone case-insensitively, taking % and _ literally', async () => {
    const byName = (await list('users', '?q=customer%201')).json();
    expect(byName.data.map((row: { name: string }) => row.name).sort()).toEqual([
      'Customer 10',
      'Customer 11',
      'Customer 12',
      'Customer 13',
      'Customer 14',
      'Customer 15',
      'Customer 16',
      'Customer 17',
      'Customer 18',
      'Customer 19',
    ]);
    expect(byName.meta.total).toBe(10);
    const byEmail = (await list('users', '?q=CUSTOMER07@')).json();
    expect(byEmail.data.map((row: { name: string }) => row.name)).toEqual(['Customer 07']);
    const literal = (await list('users', `?q=${encodeURIComponent('0%_')}`)).json();
    expect(literal.data.map((row: { name: string }) => row.name)).toEqual(['Zed 100%_match']);
    expect((await list('users', '?q=nobody-like-this')).json()).toEqual({
      status: 1,
      data: [],
      meta: { page: 1, limit: 20, total: 0 },
    });
  });

  it('sorts by a column in either direction', async () => {
    const asc = (await list('users', '?sort=name&limit=3')).json();
    expect(asc.data.map((row: { name: string }) => row.name)).toEqual(['Customer 01', 'Customer 02', 'Customer 03']);
    const desc = (await list('users', '?sort=name&order=desc&limit=2')).json();
    expect(desc.data.map((row: { name: string }) => row.name)).toEqual(['Zed 100%_match', 'Customer 25']);
    const status = (await list('users', '?sort=status&limit=1')).json();
    expect(status.data[0]).toMatchObject({ name: 'Customer 03', status: '0' });
  });

  it('refuses an unknown sort column, a page of 0, more than 100 a page and a search of 101 characters', async () => {
    for (const query of ['?sort=password', '?page=0', '?limit=101', `?q=${'a'.repeat(101)}`]) {
      const res = await list('users', query);
      expect(res.statusCode, query).toBe(400);
      expect(res.json().status).toBe(0);
    }
  });
});

describe('GET /v1/admin/vendors', () => {
  it('lists providers only', async () => {
    const body = (await list('vendors', '?sort=name')).json();
    expect(body.data.map((row: { name: string }) => row.name)).toEqual([
      'Carl Carpenter',
      'Paula Plumber',
      'Pia Painter',
    ]);
    expect(body.meta.total).toBe(3);
  });
});

describe('GET /v1/admin/users/export', () => {
  it('streams every matching row as a real .xlsx, in the list order, ignoring the page', async () => {
    const res = await list('users/export', '?sort=name&page=2&limit=1');
    const rows = await exportedSheet(res, 'users');
    expect(rows[0]).toEqual([
      adminListText.userName,
      adminListText.email,
      adminListText.phone,
      adminListText.status,
      adminListText.blocked,
      adminListText.joined,
    ]);
    expect(rows).toHaveLength(27);
    expect(rows[1]!.slice(0, 2)).toEqual(['Customer 01', 'customer01@example.test']);
    expect(rows[3]![3]).toBe(adminListText.deactive);
    expect(rows[26]![0]).toBe('Zed 100%_match');
  });

  it('applies the search to the file as well', async () => {
    const rows = await readSheet((await list('users/export', '?q=customer%202')).rawPayload);
    expect(rows.slice(1).map((row) => row[0])).toEqual([
      'Customer 25',
      'Customer 24',
      'Customer 23',
      'Customer 22',
      'Customer 21',
      'Customer 20',
    ]);
  });
});

describe('status filters', () => {
  it('narrow customers to Active or Deactive, and refuse any other status', async () => {
    const deactive = await list('users', '?status=0');
    expect(deactive.json().data.map((row: { name: string }) => row.name)).toEqual(['Customer 03']);
    expect((await list('users', '?status=1')).json().meta.total).toBe(25);
    expect((await list('users', '?status=awaiting')).statusCode).toBe(400);
  });

  it('narrow providers to those waiting for approval: Deactive, not blocked, profile complete', async () => {
    const waiting = await createProvider(ctx.db, { name: 'Wanda Waiting', status: '0' });
    await createProvider(ctx.db, { name: 'Bob Blocked', status: '0', isBlocked: true });
    await createMember(ctx.db, { name: 'Nora No Profile', role: 'provider', status: '0' });
    const awaiting = await list('vendors', '?status=awaiting');
    expect(awaiting.statusCode).toBe(200);
    expect(awaiting.json().data.map((row: { _id: string }) => row._id)).toEqual([waiting.id]);
    const deactive = (await list('vendors', '?status=0')).json().data.map((row: { name: string }) => row.name);
    expect(deactive.sort()).toEqual(['Bob Blocked', 'Nora No Profile', 'Wanda Waiting']);
    // The export takes the same filter.
    const sheet = await readSheet((await list('vendors/export', '?status=awaiting')).rawPayload);
    expect(sheet.map((row) => row[0])).toEqual([adminListText.userName, 'Wanda Waiting']);
  });
});
