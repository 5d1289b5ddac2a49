// The admin's side of support: answering a contact message by mail (POST /services/replayback)
// and working a ticket (/admin/tickets/:id, its replies, reply, resolve).
import { asc, count, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { adminSupportText as t, notice, validation } from '../../../contract/messages.js';
import type { LiveEvent } from '../../../contract/notifications.js';
import { notifications, outbox, supportMessages, supportReplies, ticketReplies, tickets } from '../../db/schema.js';
import { createAdmin, createMember, createSupportMessage, createTicket, signIn } from '../../test/factories.js';
import { failNotificationsFor } from '../../test/failures.js';
import { bearer, expectAdminOnly, expectFailure, expectSuccess, until, withApp } from '../../test/harness.js';

const ctx = withApp();
let admin: Awaited<ReturnType<typeof createAdmin>>;
let adminToken: string;
let memberToken: string;
const unknownId = '00000000-0000-4000-8000-000000000000';

const call = (method: 'GET' | 'POST', url: string, payload?: object, token: string | null = adminToken) =>
  ctx.app.inject({ method, url, payload, headers: token ? bearer(token) : {} });

beforeAll(async () => {
  admin = await createAdmin(ctx.db);
  adminToken = await signIn(ctx.db, admin.id);
  const member = await createMember(ctx.db);
  memberToken = await signIn(ctx.db, member.id);
});

const mailsTo = (to: string) =>
  ctx.db
    .select({ subject: outbox.subject, body: outbox.body, channel: outbox.channel })
    .from(outbox)
    .where(eq(outbox.to, to));

/** The messages of a member's notifications, oldest first. */
const toldTo = async (userId: string) =>
  (
    await ctx.db
      .select({ message: notifications.message })
      .from(notifications)
      .where(eq(notifications.userId, userId))
      .orderBy(asc(notifications.createdAt))
  ).map((row) => row.message);

describe('admin support calls: who may call', () => {
  const routes: [method: 'GET' | 'POST', url: string, payload?: object][] = [
    ['POST', '/v1/services/replayback', { Email: 'a@example.com', Message: 'Hi', _id: unknownId }],
    ['GET', `/v1/admin/tickets/${unknownId}`],
    ['GET', `/v1/admin/tickets/${unknownId}/replies`],
    ['POST', `/v1/admin/tickets/${unknownId}/reply`, { message: 'Hi' }],
    ['POST', `/v1/admin/tickets/${unknownId}/resolve`],
  ];
  it.each(routes)('%s %s: 401 without a session, 403 for a member', async (method, url, payload) => {
    await expectAdminOnly((token) => call(method, url, payload, token), memberToken);
  });

  it('the routes are described in the OpenAPI document', async () => {
    const doc = (await ctx.app.inject({ method: 'GET', url: '/docs/json' })).json() as {
      paths: Record<string, Record<string, { summary?: string }>>;
    };
    for (const [method, url] of routes) {
      const operation = doc.paths[url.replace(unknownId, '{id}')]?.[method.toLowerCase()];
      expect(operation?.summary, url).toBeTruthy();
    }
  });
});

describe('POST /v1/services/replayback', () => {
  it("stores the reply with the admin, marks the message replied and mails the admin's answer", async () => {
    const message = await createSupportMessage(ctx.db, {
      name: 'Laura Bennett',
      email: 'laura@example.com',
      message: 'Do you serve San Antonio?',
    });
    const res = await call('POST', '/v1/services/replayback', {
      Email: ' Laura@Example.com ',
      Message: '  Not yet, but soon!  ',
      _id: message.id,
    });
    expectSuccess(res, {
      message: notice.sentSuccessfully,
      data: { _id: message.id, status: 'replied' },
    });

    const [stored] = await ctx.db
      .select({ status: supportMessages.status })
      .from(supportMessages)
      .where(eq(supportMessages.id, message.id));
    expect(stored!.status).toBe('replied');
    const replies = await ctx.db.select().from(supportReplies).where(eq(supportReplies.supportId, message.id));
    expect(replies).toEqual([
      expect.objectContaining({ adminId: admin.id, email: 'laura@example.com', message: 'Not yet, but soon!' }),
    ]);

    const mails = await mailsTo('laura@example.com');
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({ channel: 'email', subject: t.replySubject });
    expect(mails[0]!.body).toContain('Not yet, but soon!');
    expect(mails[0]!.body).toContain('Hello Laura Bennett');
    expect(mails[0]!.body).toContain('Do you serve San Antonio?');
  });

  it('mails the address the admin gives, and a second reply is kept too', async () => {
    const message = await createSupportMessage(ctx.db, { email: 'typo@exmaple.com' });
    expect(
      (await call('POST', '/v1/services/replayback', { Email: 'fixed@example.com', Message: 'First', _id: message.id }))
        .statusCode,
    ).toBe(200);
    expect(
      (
        await call('POST', '/v1/services/replayback', {
          Email: 'fixed@example.com',
          Message: 'Second',
          _id: message.id,
        })
      ).statusCode,
    ).toBe(200);
    const bodies = (await mailsTo('fixed@example.com')).map((mail) => mail.body);
    expect(bodies).toHaveLength(2);
    expect(bodies.filter((body) => body.includes('First'))).toHaveLength(1);
    expect(bodies.filter((body) => body.includes('Second'))).toHaveLength(1);
    expect(await mailsTo('typo@exmaple.com')).toEqual([]);
    const [n] = await ctx.db
      .select({ n: count() })
      .from(supportReplies)
      .where(eq(supportReplies.supportId, message.id));
    expect(n!.n).toBe(2);
  });

  it('checks Email, then Message, then _id, with the messages of the modal, and changes nothing', async () => {
    const message = await createSupportMessage(ctx.db);
    const cases: [object, string][] = [
      [{ Email: '', Message: '', _id: message.id }, validation.emailRequired],
      [{ Message: 'Hi', _id: message.id }, validation.emailRequired],
      [{ Email: 'not-an-email', Message: 'Hi', _id: message.id }, validation.emailInvalid],
      [{ Email: 'a@example.com', Message: '   ', _id: message.id }, validation.messageRequired],
      [{ Email: 'a@example.com', _id: message.id }, validation.messageRequired],
      [{ Email: 'a@example.com', Message: 'x'.repeat(5001), _id: message.id }, t.replyTooLong],
      [{ Email: 'a@example.com', Message: 'Hi', _id: 'nope' }, t.supportIdInvalid],
    ];
    for (const [payload, expected] of cases) {
      const res = await call('POST', '/v1/services/replayback', payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().message, JSON.stringify(payload)).toBe(expected);
    }
    const allEmpty = (
      await call('POST', '/v1/services/replayback', { Email: '', Message: '', _id: message.id })
    ).json();
    expect(allEmpty.errors).toEqual({ Email: validation.emailRequired, Message: validation.messageRequired });
    const [stored] = await ctx.db
      .select({ status: supportMessages.status })
      .from(supportMessages)
      .where(eq(supportMessages.id, message.id));
    expect(stored!.status).toBe('pending');
    expect(await mailsTo('a@example.com')).toEqual([]);
  });

  it('answers 404 for an unknown message and sends nothing', async () => {
    const res = await call('POST', '/v1/services/replayback', {
      Email: 'ghost@example.com',
      Message: 'Hello?',
      _id: unknownId,
    });
    expectFailure(res, 404, { code: 'not_found', message: t.supportNotFound });
    expect(await mailsTo('ghost@example.com')).toEqual([]);
  });

  it('stores the reply and its mail together; the mail waits in the outbox for the queue', async () => {
    const message = await createSupportMessage(ctx.db);
    const res = await call('POST', '/v1/services/replayback', {
      Email: 'later@example.com',
      Message: 'Sorry',
      _id: message.id,
    });
    expect(res.statusCode).toBe(200);
    const rows = await ctx.db
      .select({ status: outbox.status, subject: outbox.subject, html: outbox.html })
      .from(outbox)
      .where(eq(outbox.to, 'later@example.com'));
    expect(rows).toEqual([{ status: 'pending', subject: t.replySubject, html: expect.stringContaining('Sorry') }]);
  });
});

describe('tickets: detail, thread, reply and resolve', () => {
  it('shows the ticket with its member, and 404 for an unknown one, 400 for a bad id', async () => {
    const member = await createMember(ctx.db, { name: 'Michael Johnson', email: 'michael@example.com' });
    const ticket = await createTicket(ctx.db, {
      userId: member.id,
      subject: 'Withdrawal still pending',
      message: 'Where is my money?',
    });
    const res = await call('GET', `/v1/admin/tickets/${ticket.id}`);
    expectSuccess(res, {
      data: {
        _id: ticket.id,
        subject: 'Withdrawal still pending',
        message: 'Where is my money?',
        status: 'pending',
        createdAt: ticket.createdAt.toISOString(),
        updatedAt: ticket.updatedAt.toISOString(),
        user: { _id: member.id, name: 'Michael Johnson', email: 'michael@example.com', phone: member.phone },
      },
    });
    const missing = await call('GET', `/v1/admin/tickets/${unknownId}`);
    expectFailure(missing, 404, { code: 'not_found', message: t.ticketNotFound });
    const bad = await call('GET', '/v1/admin/tickets/not-a-uuid');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe(t.ticketIdInvalid);
    expect((await call('GET', `/v1/admin/tickets/${unknownId}/replies`)).statusCode).toBe(404);
  });

  it('a reply joins the thread in order, notifies the member live with the answer, and resolving closes the ticket once', async () => {
    const member = await createMember(ctx.db, { name: 'Demo Customer' });
    const ticket = await createTicket(ctx.db, { userId: member.id, subject: 'Changing my phone number' });
    expect((await call('GET', `/v1/admin/tickets/${ticket.id}/replies`)).json()).toEqual({
      status: 1,
      data: [],
      meta: { page: 1, limit: 20, total: 0 },
    });
    // The member writes too (their side has no screen yet; the thread shows them by name).
    await ctx.db.insert(ticketReplies).values({
      ticketId: ticket.id,
      authorId: member.id,
      message: 'Any news?',
      createdAt: new Date(Date.now() - 60_000),
    });

    const events: LiveEvent[] = [];
    const stop = ctx.live.subscribe(member.id, (event) => events.push(event));
    try {
      const res = await call('POST', `/v1/admin/tickets/${ticket.id}/reply`, {
        message: '  Open your profile and change it there.  ',
      });
      expectSuccess(res, {
        message: notice.sentSuccessfully,
        data: {
          status: 'pending',
          reply: {
            _id: expect.any(String),
            message: 'Open your profile and change it there.',
            createdAt: expect.any(String),
            author: { _id: admin.id, name: admin.name, admin: true },
          },
        },
      });

      const thread = (await call('GET', `/v1/admin/tickets/${ticket.id}/replies`)).json();
      expect(thread.meta.total).toBe(2);
      expect(
        thread.data.map((reply: { message: string; author: { name: string; admin: boolean } }) => [
          reply.author.name,
          reply.author.admin,
          reply.message,
        ]),
      ).toEqual([
        ['Demo Customer', false, 'Any news?'],
        [admin.name, true, 'Open your profile and change it there.'],
      ]);
      const paged = (await call('GET', `/v1/admin/tickets/${ticket.id}/replies?page=2&limit=1`)).json();
      expect(paged.data.map((reply: { message: string }) => reply.message)).toEqual([
        'Open your profile and change it there.',
      ]);

      const [notification] = await ctx.db.select().from(notifications).where(eq(notifications.userId, member.id));
      expect(notification).toMatchObject({
        kind: 'ticket',
        message: t.ticketAnswered('Changing my phone number', 'Open your profile and change it there.'),
        data: {
          notice: 'ticketAnswered',
          ticketId: ticket.id,
          subject: 'Changing my phone number',
          answer: 'Open your profile and change it there.',
        },
      });
      await expect
        .poll(() => events, { timeout: 5_000 })
        .toContainEqual({ type: 'notification', data: { _id: notification!.id, kind: 'ticket', broadcast: false } });

      const resolved = await call('POST', `/v1/admin/tickets/${ticket.id}/resolve`);
      expectSuccess(resolved, {
        message: t.ticketResolved,
        data: { _id: ticket.id, status: 'resolved' },
      });
      expect((await call('GET', `/v1/admin/tickets/${ticket.id}`)).json().data.status).toBe('resolved');
      const again = await call('POST', `/v1/admin/tickets/${ticket.id}/resolve`);
      expectFailure(again, 409, { code: 'conflict', message: t.alreadyResolved });
      expect(await toldTo(member.id)).toEqual([
        t.ticketAnswered('Changing my phone number', 'Open your profile and change it there.'),
        t.ticketClosed('Changing my phone number'),
      ]);
    } finally {
      stop();
    }
  });

  it('answers and resolves; the member’s notifications are stored and sent live with each commit', async () => {
    const member = await createMember(ctx.db);
    const ticket = await createTicket(ctx.db, { userId: member.id, subject: 'Hub down' });
    const events: LiveEvent[] = [];
    const stop = ctx.live.subscribe(member.id, (event) => events.push(event));
    try {
      expect((await call('POST', `/v1/admin/tickets/${ticket.id}/reply`, { message: 'On it.' })).statusCode).toBe(200);
      expect((await call('POST', `/v1/admin/tickets/${ticket.id}/resolve`)).statusCode).toBe(200);
      await until(() => events.length === 2);
      expect(events.map((e) => e.type)).toEqual(['notification', 'notification']);
    } finally {
      stop();
    }
    expect(await toldTo(member.id)).toEqual([t.ticketAnswered('Hub down', 'On it.'), t.ticketClosed('Hub down')]);
  });

  it('a failure after the notification leaves the ticket unresolved, without reply or notification', async () => {
    const member = await createMember(ctx.db);
    const ticket = await createTicket(ctx.db, { userId: member.id });
    const restore = await failNotificationsFor(ctx.db, member.id);
    try {
      expect((await call('POST', `/v1/admin/tickets/${ticket.id}/reply`, { message: 'Lost?' })).statusCode).toBe(500);
      expect((await call('POST', `/v1/admin/tickets/${ticket.id}/resolve`)).statusCode).toBe(500);
    } finally {
      await restore();
    }
    const [row] = await ctx.db.select({ status: tickets.status }).from(tickets).where(eq(tickets.id, ticket.id));
    expect(row?.status).toBe(ticket.status);
    expect(await ctx.db.select().from(ticketReplies).where(eq(ticketReplies.ticketId, ticket.id))).toEqual([]);
    expect(await ctx.db.select().from(notifications).where(eq(notifications.userId, member.id))).toEqual([]);
  });

  it('a reply to a resolved ticket opens it again', async () => {
    const member = await createMember(ctx.db);
    const ticket = await createTicket(ctx.db, { userId: member.id, status: 'resolved' });
    const res = await call('POST', `/v1/admin/tickets/${ticket.id}/reply`, { message: 'One more thing.' });
    expect(res.json().data.status).toBe('pending');
    const [row] = await ctx.db
      .select({ status: tickets.status, updatedAt: tickets.updatedAt })
      .from(tickets)
      .where(eq(tickets.id, ticket.id));
    expect(row!.status).toBe('pending');
    expect(row!.updatedAt.getTime()).toBeGreaterThanOrEqual(ticket.updatedAt.getTime());
  });

  it('refuses an empty or too long reply and an unknown ticket, writing nothing', async () => {
    const member = await createMember(ctx.db);
    const ticket = await createTicket(ctx.db, { userId: member.id });
    for (const payload of [{}, { message: '' }, { message: '  ' }, { message: 3 }]) {
      const res = await call('POST', `/v1/admin/tickets/${ticket.id}/reply`, payload);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(validation.messageRequired);
    }
    const long = await call('POST', `/v1/admin/tickets/${ticket.id}/reply`, { message: 'x'.repeat(5001) });
    expect(long.json()).toMatchObject({ status: 0, message: t.replyTooLong });
    const missing = await call('POST', `/v1/admin/tickets/${unknownId}/reply`, { message: 'Hello' });
    expectFailure(missing, 404, { code: 'not_found', message: t.ticketNotFound });
    expect((await call('POST', `/v1/admin/tickets/${unknownId}/resolve`)).statusCode).toBe(404);
    expect((await call('POST', '/v1/admin/tickets/nope/resolve')).json().message).toBe(t.ticketIdInvalid);
    const [n] = await ctx.db.select({ n: count() }).from(ticketReplies).where(eq(ticketReplies.ticketId, ticket.id));
    expect(n!.n).toBe(0);
    const [notes] = await ctx.db.select({ n: count() }).from(notifications).where(eq(notifications.userId, member.id));
    expect(notes!.n).toBe(0);
  });
});
