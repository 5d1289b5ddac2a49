// The member's tickets (/v1/tickets*): open one, list one's own, read the thread with the admin's
// answers, reply (a reply opens a resolved ticket again). Another member's ticket is a 403.
import { count, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { memberTicketText as t, notice } from '../../../contract/messages.js';
import { notifications, ticketReplies, tickets } from '../../db/schema.js';
import { createAdmin, createMember, createTicket, signIn } from '../../test/factories.js';
import { bearer, expectRefused, withApp } from '../../test/harness.js';

const ctx = withApp();
let adminToken: string;
const unknownId = '00000000-0000-4000-8000-000000000000';

beforeAll(async () => {
  adminToken = await signIn(ctx.db, (await createAdmin(ctx.db)).id);
});

const call = (method: 'GET' | 'POST', url: string, token: string | null, payload?: object) =>
  ctx.app.inject({ method, url: `/v1${url}`, ...(payload ? { payload } : {}), headers: token ? bearer(token) : {} });

async function signedInMember() {
  const member = await createMember(ctx.db);
  return { member, token: await signIn(ctx.db, member.id) };
}

describe('who may call', () => {
  const routes: [method: 'GET' | 'POST', url: string, payload?: object][] = [
    ['POST', '/tickets', { subject: 'S', message: 'M' }],
    ['GET', '/tickets/mine'],
    ['GET', `/tickets/${unknownId}`],
    ['GET', `/tickets/${unknownId}/replies`],
    ['POST', `/tickets/${unknownId}/reply`, { message: 'Hi' }],
  ];
  it.each(routes)('%s %s: 401 without a session, 403 for an admin', async (method, url, payload) => {
    const anonymous = await call(method, url, null, payload);
    expectRefused(anonymous, 401);
    const admin = await call(method, url, adminToken, payload);
    expect(admin.statusCode).toBe(403);
  });

  it('the routes are described in the OpenAPI document', async () => {
    const doc = (await ctx.app.inject({ method: 'GET', url: '/docs/json' })).json() as {
      paths: Record<string, Record<string, { summary?: string }>>;
    };
    for (const [method, url] of [...routes, ['GET', '/members/referral'] as const]) {
      expect(doc.paths[`/v1${url.replace(unknownId, '{id}')}`]?.[method.toLowerCase()]?.summary, url).toBeTruthy();
    }
  });

  it('another member’s ticket, its thread and a reply to it: 403, nothing stored', async () => {
    const owner = await signedInMember();
    const other = await signedInMember();
    const ticket = await createTicket(ctx.db, { userId: owner.member.id, status: 'resolved' });
    for (const [method, url, payload] of [
      ['GET', `/tickets/${ticket.id}`],
      ['GET', `/tickets/${ticket.id}/replies`],
      ['POST', `/tickets/${ticket.id}/reply`, { message: 'Let me in' }],
    ] as const) {
      const res = await call(method, url, other.token, payload);
      expectRefused(res, 403, url);
    }
    const [row] = await ctx.db.select({ status: tickets.status }).from(tickets).where(eq(tickets.id, ticket.id));
    expect(row!.status).toBe('resolved');
    expect(
      (await ctx.db.select({ n: count() }).from(ticketReplies).where(eq(ticketReplies.ticketId, ticket.id)))[0]!.n,
    ).toBe(0);
    expect((await call('GET', '/tickets/mine', other.token)).json().meta.total).toBe(0);
  });

  it('an unknown ticket is a 404, a malformed id a 400', async () => {
    const { token } = await signedInMember();
    for (const url of [`/tickets/${unknownId}`, `/tickets/${unknownId}/replies`]) {
      const res = await call('GET', url, token);
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe(t.ticketNotFound);
    }
    expect((await call('POST', `/tickets/${unknownId}/reply`, token, { message: 'x' })).statusCode).toBe(404);
    expect((await call('GET', '/tickets/not-an-id', token)).statusCode).toBe(400);
  });
});

describe('POST /tickets', () => {
  it('opens a ticket In Progress for the caller (an owner id in the body is ignored)', async () => {
    const { member, token } = await signedInMember();
    const other = await signedInMember();
    const res = await call('POST', '/tickets', token, {
      subject: '  Refund  ',
      message: 'My booking was cancelled.',
      userId: other.member.id,
    });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({
      status: 1,
      message: notice.submitted,
      data: { subject: 'Refund', message: 'My booking was cancelled.', status: 'pending' },
    });
    const [row] = await ctx.db.select().from(tickets).where(eq(tickets.id, body.data._id));
    expect(row).toMatchObject({ userId: member.id, subject: 'Refund', status: 'pending' });
  });

  it('requires subject and message and bounds their length (400 with the field’s message)', async () => {
    const { member, token } = await signedInMember();
    for (const [payload, field, message] of [
      [{ message: 'm' }, 'subject', t.subjectRequired],
      [{ subject: '   ', message: 'm' }, 'subject', t.subjectRequired],
      [{ subject: 's' }, 'message', t.messageRequired],
      [{ subject: 's'.repeat(151), message: 'm' }, 'subject', t.subjectTooLong],
      [{ subject: 's', message: 'm'.repeat(5001) }, 'message', t.messageTooLong],
    ] as const) {
      const res = await call('POST', '/tickets', token, payload);
      expect(res.statusCode).toBe(400);
      expect(res.json().errors?.[field]).toBe(message);
    }
    expect((await ctx.db.select({ n: count() }).from(tickets).where(eq(tickets.userId, member.id)))[0]!.n).toBe(0);
  });
});

describe('GET /tickets/mine', () => {
  it('lists only the caller’s tickets, newest first, a page at a time', async () => {
    const { member, token } = await signedInMember();
    const other = await signedInMember();
    await createTicket(ctx.db, { userId: other.member.id, subject: 'Not mine' });
    for (let i = 0; i < 22; i++) {
      await createTicket(ctx.db, {
        userId: member.id,
        subject: `T${i}`,
        status: i === 21 ? 'resolved' : 'pending',
        createdAt: new Date(Date.UTC(2026, 0, 1, 0, i)),
      });
    }
    const first = (await call('GET', '/tickets/mine', token)).json();
    expect(first.meta).toEqual({ page: 1, limit: 20, total: 22 });
    expect(first.data[0]).toMatchObject({ subject: 'T21', status: 'resolved', createdAt: '2026-01-01T00:21:00.000Z' });
    expect(first.data.map((r: { subject: string }) => r.subject)).not.toContain('Not mine');
    const second = (await call('GET', '/tickets/mine?page=2', token)).json();
    expect(second.data.map((r: { subject: string }) => r.subject)).toEqual(['T1', 'T0']);
    expect((await call('GET', '/tickets/mine?page=3', token)).json()).toMatchObject({ data: [], meta: { total: 22 } });
    expect((await call('GET', '/tickets/mine?limit=500', token)).statusCode).toBe(400);
  });
});

describe('the thread', () => {
  it('shows the admin’s answer; the member’s reply joins it and opens a resolved ticket again', async () => {
    const { member, token } = await signedInMember();
    const opened = (
      await call('POST', '/tickets', token, { subject: 'Late payout', message: 'Where is my money?' })
    ).json().data;
    expect((await call('GET', `/tickets/${opened._id}/replies`, token)).json()).toMatchObject({
      data: [],
      meta: { total: 0 },
    });

    // The admin answers (and is notified to the member) and resolves.
    expect(
      (await call('POST', `/admin/tickets/${opened._id}/reply`, adminToken, { message: 'Paid out today.' })).statusCode,
    ).toBe(200);
    expect((await call('POST', `/admin/tickets/${opened._id}/resolve`, adminToken)).statusCode).toBe(200);
    const notes = await ctx.db
      .select({ kind: notifications.kind, data: notifications.data })
      .from(notifications)
      .where(eq(notifications.userId, member.id));
    expect(notes).toContainEqual({
      kind: 'ticket',
      data: { notice: 'ticketResolved', ticketId: opened._id, subject: 'Late payout' },
    });
    expect((await call('GET', `/tickets/${opened._id}`, token)).json().data).toMatchObject({
      subject: 'Late payout',
      status: 'resolved',
    });

    const reply = await call('POST', `/tickets/${opened._id}/reply`, token, { message: '  Not yet on my card.  ' });
    expect(reply.statusCode).toBe(200);
    expect(reply.json()).toMatchObject({
      status: 1,
      message: notice.sentSuccessfully,
      data: {
        status: 'pending',
        reply: { message: 'Not yet on my card.', author: { _id: member.id, name: member.name, admin: false } },
      },
    });
    const thread = (await call('GET', `/tickets/${opened._id}/replies`, token)).json();
    expect(
      thread.data.map((r: { message: string; author: { admin: boolean } }) => [r.author.admin, r.message]),
    ).toEqual([
      [true, 'Paid out today.'],
      [false, 'Not yet on my card.'],
    ]);
    expect((await call('GET', `/tickets/${opened._id}`, token)).json().data.status).toBe('pending');
    // The admin sees the member's reply in the same thread.
    const adminThread = (await call('GET', `/admin/tickets/${opened._id}/replies`, adminToken)).json();
    expect(adminThread.data[1]).toMatchObject({
      message: 'Not yet on my card.',
      author: { name: member.name, admin: false },
    });
  });

  it('a reply is required and bounded', async () => {
    const { member, token } = await signedInMember();
    const ticket = await createTicket(ctx.db, { userId: member.id });
    expect((await call('POST', `/tickets/${ticket.id}/reply`, token, { message: ' ' })).json().errors.message).toBe(
      t.messageRequired,
    );
    expect(
      (await call('POST', `/tickets/${ticket.id}/reply`, token, { message: 'x'.repeat(5001) })).json().errors.message,
    ).toBe(t.messageTooLong);
  });
});
