// The /support list (GET /v1/admin/support) and the sent broadcasts under /notification
// (GET /v1/admin/broadcasts): who may call, pages, search, sort and the streamed export.
import { beforeAll, describe, expect, it } from 'vitest';
import { adminSupportText as t } from '../../../contract/messages.js';
import { createAdmin, createMember, createNotification, createSupportMessage, signIn } from '../../test/factories.js';
import { bearer, expectAdminOnly, withApp } from '../../test/harness.js';
import { exportedSheet, readSheet } from '../../test/xlsx.js';

const ctx = withApp();
let adminToken: string;
let memberToken: string;
let adminEmail: string;

const list = (path: string, query = '', token: string | null = adminToken) =>
  ctx.app.inject({ method: 'GET', url: `/v1/admin/${path}${query}`, headers: token ? bearer(token) : {} });
const names = (body: { data: { name: string }[] }) => body.data.map((row) => row.name);

beforeAll(async () => {
  const admin = await createAdmin(ctx.db);
  adminEmail = admin.email!;
  adminToken = await signIn(ctx.db, admin.id);
  const member = await createMember(ctx.db);
  memberToken = await signIn(ctx.db, member.id);
  // 22 messages a day apart (Sender 01 oldest); Sender 02 has been answered.
  for (let i = 1; i <= 22; i++) {
    const n = String(i).padStart(2, '0');
    await createSupportMessage(ctx.db, {
      name: `Sender ${n}`,
      email: `sender${n}@example.test`,
      message: i === 7 ? 'My plumber was late' : `Question number ${n}`,
      createdAt: new Date(Date.UTC(2026, 0, i)),
    });
  }
  await ctx.app.inject({
    method: 'POST',
    url: '/v1/services/replayback',
    headers: bearer(adminToken),
    payload: { Email: 'sender02@example.test', Message: 'Done', _id: await idOf('Sender 02') },
  });
  // Two broadcasts (one by this admin) and a personal notification, which is not a broadcast.
  await createNotification(ctx.db, { userId: null, message: 'Old news', createdAt: new Date(Date.UTC(2026, 0, 1)) });
  await ctx.app.inject({
    method: 'POST',
    url: '/v1/transaction/sendDistributionNotification',
    headers: bearer(adminToken),
    payload: { message: 'Profit credited' },
  });
  await createNotification(ctx.db, { userId: member.id, message: 'Just for you' });
});

async function idOf(name: string): Promise<string> {
  const body = (await list('support', `?q=${encodeURIComponent(name)}`)).json();
  return body.data[0]._id;
}

describe('who may call', () => {
  it('refuses an anonymous caller with 401 and a member with 403, for the pages and the exports', async () => {
    for (const path of ['support', 'support/export', 'broadcasts', 'broadcasts/export']) {
      await expectAdminOnly((token) => list(path, '', token), memberToken, path);
    }
  });
});

describe('GET /v1/admin/support', () => {
  it('lists the messages newest first, 20 a page, with their status', async () => {
    const body = (await list('support')).json();
    expect(body.meta).toEqual({ page: 1, limit: 20, total: 22 });
    expect(body.data[0]).toEqual({
      _id: expect.any(String),
      name: 'Sender 22',
      email: 'sender22@example.test',
      message: 'Question number 22',
      status: 'pending',
      createdAt: new Date(Date.UTC(2026, 0, 22)).toISOString(),
    });
    expect(names((await list('support', '?page=2')).json())).toEqual(['Sender 02', 'Sender 01']);
    expect((await list('support', '?q=Sender%2002')).json().data[0].status).toBe('replied');
  });

  it('searches name, email and message, and sorts by name and status', async () => {
    expect(names((await list('support', '?q=PLUMBER')).json())).toEqual(['Sender 07']);
    expect(names((await list('support', '?q=sender13@')).json())).toEqual(['Sender 13']);
    expect(names((await list('support', '?sort=name&limit=2')).json())).toEqual(['Sender 01', 'Sender 02']);
    // 'replied' sorts after 'pending'.
    expect(names((await list('support', '?sort=status&order=desc&limit=1')).json())).toEqual(['Sender 02']);
  });

  it('narrows to one status, with the search too', async () => {
    expect(names((await list('support', '?status=replied')).json())).toEqual(['Sender 02']);
    const pending = (await list('support', '?status=pending')).json();
    expect(pending.meta.total).toBe(21);
    expect(names((await list('support', '?status=pending&q=sender02')).json())).toEqual([]);
  });

  it('refuses an unknown sort, a page of 0 and an unknown status', async () => {
    for (const query of ['?sort=message', '?page=0', '?status=resolved']) {
      const res = await list('support', query);
      expect(res.statusCode, query).toBe(400);
      expect(res.json().status).toBe(0);
    }
  });

  it('exports the filtered list as .xlsx with readable statuses', async () => {
    const res = await list('support/export', '?q=sender0&sort=name');
    const rows = await exportedSheet(res, 'support');
    expect(rows[0]).toEqual([t.name, t.email, t.message, t.status, t.created]);
    expect(rows).toHaveLength(10);
    expect(rows[1]!.slice(0, 4)).toEqual(['Sender 01', 'sender01@example.test', 'Question number 01', 'Pending']);
    expect(rows[2]![3]).toBe('Replied');
  });
});

describe('GET /v1/admin/broadcasts', () => {
  it('lists only broadcasts, newest first, with the admin who sent them', async () => {
    const body = (await list('broadcasts')).json();
    expect(body.meta.total).toBe(2);
    expect(body.data.map((row: { message: string; sentBy: string | null }) => [row.message, row.sentBy])).toEqual([
      ['Profit credited', adminEmail],
      ['Old news', null],
    ]);
    expect((await list('broadcasts', '?q=old')).json().data.map((row: { message: string }) => row.message)).toEqual([
      'Old news',
    ]);
    expect((await list('broadcasts', '?sort=createdAt&order=asc&limit=1')).json().data[0].message).toBe('Old news');
  });

  it('exports them', async () => {
    const rows = await readSheet((await list('broadcasts/export')).rawPayload);
    expect(rows[0]).toEqual([t.message, t.sentAt, t.sentBy]);
    expect(rows.slice(1).map((row) => row[0])).toEqual(['Profit credited', 'Old news']);
  });
});
