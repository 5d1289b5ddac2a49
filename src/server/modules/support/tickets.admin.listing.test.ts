// The /tickets list (GET /v1/users/adminticketsListing, the path kept as it is, as a paged list): who may
// call, pages, search, the status filter, sort and the streamed export.
import { beforeAll, describe, expect, it } from 'vitest';
import { adminSupportText as t } from '../../../contract/messages.js';
import { createAdmin, createMember, createTicket, signIn } from '../../test/factories.js';
import { bearer, expectAdminOnly, withApp } from '../../test/harness.js';
import { exportedSheet, readSheet } from '../../test/xlsx.js';

const ctx = withApp();
let adminToken: string;
let memberToken: string;

const list = (query = '', token: string | null = adminToken, path = '/v1/users/adminticketsListing') =>
  ctx.app.inject({ method: 'GET', url: `${path}${query}`, headers: token ? bearer(token) : {} });
const subjects = (body: { data: { subject: string }[] }) => body.data.map((row) => row.subject);

beforeAll(async () => {
  const admin = await createAdmin(ctx.db);
  adminToken = await signIn(ctx.db, admin.id);
  const michael = await createMember(ctx.db, { name: 'Michael Johnson', email: 'michael@example.test' });
  const sarah = await createMember(ctx.db, { name: 'Sarah Mitchell', email: 'sarah@example.test' });
  memberToken = await signIn(ctx.db, sarah.id);
  // 21 of Michael's tickets a day apart (Ticket 01 oldest; every third resolved) and one of Sarah's.
  for (let i = 1; i <= 21; i++) {
    const n = String(i).padStart(2, '0');
    await createTicket(ctx.db, {
      userId: michael.id,
      subject: `Ticket ${n}`,
      message: `Message ${n}`,
      status: i % 3 === 0 ? 'resolved' : 'pending',
      createdAt: new Date(Date.UTC(2026, 0, i)),
    });
  }
  await createTicket(ctx.db, {
    userId: sarah.id,
    subject: 'Wrong address',
    message: 'My booking has my old address',
    createdAt: new Date(Date.UTC(2026, 1, 1)),
  });
});

describe('who may call', () => {
  it('refuses an anonymous caller with 401 and a member with 403, for the page and the export', async () => {
    for (const path of ['/v1/users/adminticketsListing', '/v1/users/adminticketsListing/export']) {
      await expectAdminOnly((token) => list('', token, path), memberToken, path);
    }
  });
});

describe('GET /v1/users/adminticketsListing', () => {
  it("lists tickets newest first with the member's email, 20 a page", async () => {
    const body = (await list()).json();
    expect(body.meta).toEqual({ page: 1, limit: 20, total: 22 });
    expect(body.data[0]).toEqual({
      _id: expect.any(String),
      name: 'Sarah Mitchell',
      email: 'sarah@example.test',
      subject: 'Wrong address',
      message: 'My booking has my old address',
      status: 'pending',
      createdAt: new Date(Date.UTC(2026, 1, 1)).toISOString(),
    });
    expect(subjects((await list('?page=2')).json())).toEqual(['Ticket 02', 'Ticket 01']);
  });

  it('narrows by status and searches email, subject and message (also the // path)', async () => {
    const resolved = (await list('?status=resolved&sort=subject')).json();
    expect(resolved.meta.total).toBe(7);
    expect(subjects(resolved)).toEqual([
      'Ticket 03',
      'Ticket 06',
      'Ticket 09',
      'Ticket 12',
      'Ticket 15',
      'Ticket 18',
      'Ticket 21',
    ]);
    expect(subjects((await list('?q=SARAH@')).json())).toEqual(['Wrong address']);
    expect(subjects((await list('?q=old%20address')).json())).toEqual(['Wrong address']);
    expect((await list('?q=ticket%201&status=pending')).json().meta.total).toBe(7);
    expect(subjects((await list('?q=message%2005', adminToken, '/v1//users/adminticketsListing')).json())).toEqual([
      'Ticket 05',
    ]);
  });

  it('sorts by status and by email', async () => {
    expect((await list('?sort=status&order=desc&limit=1')).json().data[0].status).toBe('resolved');
    expect((await list('?sort=email&order=desc&limit=1')).json().data[0].email).toBe('sarah@example.test');
  });

  it('refuses an unknown status or sort', async () => {
    const status = await list('?status=open');
    expect(status.statusCode).toBe(400);
    expect(status.json().message).toBe(t.ticketStatusInvalid);
    expect((await list('?sort=message')).statusCode).toBe(400);
  });

  it('exports the filtered list with the statuses as shown', async () => {
    const res = await list(
      '?status=resolved&sort=subject&order=desc',
      adminToken,
      '/v1/users/adminticketsListing/export',
    );
    const rows = await exportedSheet(res, 'tickets');
    expect(rows[0]).toEqual([t.email, t.name, t.subject, t.message, t.status, t.created]);
    expect(rows).toHaveLength(8);
    expect(rows[1]!.slice(0, 5)).toEqual([
      'michael@example.test',
      'Michael Johnson',
      'Ticket 21',
      'Message 21',
      'Resolved',
    ]);
    const pending = await readSheet(
      (await list('?status=pending&q=wrong', adminToken, '/v1/users/adminticketsListing/export')).rawPayload,
    );
    expect(pending[1]![4]).toBe('In Progress');
  });
});
