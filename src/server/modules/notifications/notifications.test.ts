import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { LiveEvent } from '../../../contract/notifications.js';
import { notifications, users } from '../../db/schema.js';
import { bearer, expectSuccess, until, withApp } from '../../test/harness.js';
import { createAdmin, createMember, createNotification, signIn } from '../../test/factories.js';
import { insertNotification } from './notifications.service.js';

const ctx = withApp();

async function member(input: Parameters<typeof createMember>[1] = {}) {
  const user = await createMember(ctx.db, input);
  return { ...user, token: await signIn(ctx.db, user.id) };
}

const listOf = (token: string | null, userId: string, query = '') =>
  ctx.app.inject({
    method: 'GET',
    url: `/v1/services/notificationList/${userId}${query}`,
    headers: token ? bearer(token) : {},
  });
const unread = (token: string | null) =>
  ctx.app.inject({ method: 'GET', url: '/v1/services/notifications/unread', headers: token ? bearer(token) : {} });
const markRead = (token: string | null) =>
  ctx.app.inject({
    method: 'POST',
    url: '/v1/services/notifications/read',
    headers: token ? bearer(token) : {},
    payload: {},
  });

const day = (d: number, hour = 12) => new Date(Date.UTC(2026, 2, d, hour));

describe('GET /v1/services/notificationList/:userId', () => {
  it("merges the member's own notifications with the broadcasts sent since they joined, newest first", async () => {
    const me = await member({ createdAt: day(10) });
    const other = await member({ createdAt: day(1) });
    const beforeJoining = await createNotification(ctx.db, {
      userId: null,
      message: 'Welcome to spring',
      createdAt: day(5),
    });
    const mine1 = await createNotification(ctx.db, {
      userId: me.id,
      kind: 'booking',
      message: 'Booking Successfully',
      createdAt: day(11),
      data: { bookingId: 'b1' },
    });
    const broadcast = await createNotification(ctx.db, {
      userId: null,
      message: 'New offers this week',
      createdAt: day(12),
    });
    const mine2 = await createNotification(ctx.db, {
      userId: me.id,
      kind: 'message',
      message: 'New message from Ana',
      createdAt: day(13),
      read: true,
    });
    await createNotification(ctx.db, { userId: other.id, message: 'Not for you', createdAt: day(14) });

    const res = await listOf(me.token, me.id);
    expectSuccess(res, {
      data: [
        {
          _id: mine2.id,
          kind: 'message',
          message: 'New message from Ana',
          createdAt: day(13).toISOString(),
          read: true,
          broadcast: false,
          data: null,
        },
        {
          _id: broadcast.id,
          kind: 'broadcast',
          message: 'New offers this week',
          createdAt: day(12).toISOString(),
          read: false,
          broadcast: true,
          data: null,
        },
        {
          _id: mine1.id,
          kind: 'booking',
          message: 'Booking Successfully',
          createdAt: day(11).toISOString(),
          read: false,
          broadcast: false,
          data: { bookingId: 'b1' },
        },
      ],
      meta: { page: 1, limit: 20, total: 3 },
    });

    // The member who joined earlier sees both broadcasts, and not my notifications.
    const theirs = (await listOf(await signIn(ctx.db, other.id), other.id)).json();
    expect(theirs.data.map((n: { _id: string }) => n._id)).toContain(beforeJoining.id);
    expect(theirs.data.map((n: { _id: string }) => n._id)).toContain(broadcast.id);
    expect(theirs.data.map((n: { _id: string }) => n._id)).not.toContain(mine1.id);

    const page2 = (await listOf(me.token, me.id, '?page=2&limit=2')).json();
    expect(page2.data.map((n: { _id: string }) => n._id)).toEqual([mine1.id]);
    expect(page2.meta).toEqual({ page: 2, limit: 2, total: 3 });
    expect((await listOf(me.token, me.id, '?page=3&limit=2')).json().meta).toEqual({ page: 3, limit: 2, total: 3 });
  });

  it("refuses another member's notifications (403) and anonymous callers (401)", async () => {
    const alice = await member();
    const bob = await member();
    await createNotification(ctx.db, { userId: bob.id, message: 'Bob only' });
    const res = await listOf(alice.token, bob.id);
    expect(res.statusCode).toBe(403);
    expect(JSON.stringify(res.json())).not.toContain('Bob only');
    expect((await listOf(null, bob.id)).statusCode).toBe(401);
    const admin = await createAdmin(ctx.db);
    expect((await listOf(await signIn(ctx.db, admin.id), bob.id)).statusCode).toBe(403);
  });
});

describe('unread count and mark all read', () => {
  it('counts unread personal notifications and broadcasts, and marks them all read at once', async () => {
    const me = await member({ createdAt: new Date(Date.now() - 60_000) });
    await createNotification(ctx.db, {
      userId: null,
      message: 'Old broadcast',
      createdAt: new Date(Date.now() - 3_600_000),
    });
    await createNotification(ctx.db, { userId: me.id, message: 'One' });
    await createNotification(ctx.db, { userId: me.id, message: 'Two', read: true });
    await createNotification(ctx.db, { userId: null, message: 'Maintenance tonight' });

    const before = await unread(me.token);
    expect(before.statusCode).toBe(200);
    expect(before.json()).toEqual({ status: 1, data: { count: 2 } });

    const events: LiveEvent[] = [];
    const stop = ctx.live.subscribe(me.id, (event) => events.push(event));
    const res = await markRead(me.token);
    expect(res.statusCode).toBe(200);
    expect(res.json().status).toBe(1);
    expect((await unread(me.token)).json().data.count).toBe(0);
    const list = (await listOf(me.token, me.id)).json().data as { read: boolean }[];
    expect(list).toHaveLength(3);
    expect(list.every((n) => n.read)).toBe(true);
    const [row] = await ctx.db.select({ seen: users.broadcastsSeenAt }).from(users).where(eq(users.id, me.id));
    expect(row!.seen).toBeInstanceOf(Date);
    // The member's other tabs hear that everything was read.
    await until(() => events.length > 0);
    expect(events).toEqual([{ type: 'notification', data: { _id: null, kind: 'read', broadcast: false } }]);
    stop();

    // A broadcast sent afterwards is unread again.
    await createNotification(ctx.db, {
      userId: null,
      message: 'Fresh news',
      createdAt: new Date(row!.seen!.getTime() + 1),
    });
    expect((await unread(me.token)).json().data.count).toBe(1);
    const fresh = (await listOf(me.token, me.id)).json().data[0];
    expect(fresh).toMatchObject({ message: 'Fresh news', read: false, broadcast: true });
  });

  it('does not touch other members when marking read', async () => {
    const me = await member();
    const other = await member();
    const theirs = await createNotification(ctx.db, { userId: other.id, message: 'Theirs' });
    await markRead(me.token);
    const [row] = await ctx.db
      .select({ readAt: notifications.readAt })
      .from(notifications)
      .where(eq(notifications.id, theirs.id));
    expect(row!.readAt).toBeNull();
    expect((await unread(await signIn(ctx.db, other.id))).json().data.count).toBeGreaterThanOrEqual(1);
  });

  it('needs a signed-in member', async () => {
    expect((await unread(null)).statusCode).toBe(401);
    expect((await markRead(null)).statusCode).toBe(401);
  });
});

describe('live events go with their transaction', () => {
  it('a stored notification sends its live event (its id, member and kind) to that member only', async () => {
    const me = await member();
    const other = await member();
    const mine: LiveEvent[] = [];
    const theirs: LiveEvent[] = [];
    const stopMine = ctx.live.subscribe(me.id, (event) => mine.push(event));
    const stopTheirs = ctx.live.subscribe(other.id, (event) => theirs.push(event));

    const ticketId = randomUUID();
    const row = await insertNotification(ctx.db, me.id, { notice: 'ticketResolved', ticketId, subject: 'Leak' });
    expect(row).toMatchObject({
      userId: me.id,
      kind: 'ticket',
      message: "Your ticket 'Leak' is resolved.",
      data: { notice: 'ticketResolved', ticketId, subject: 'Leak' },
      readAt: null,
    });
    await until(() => mine.length === 1);
    expect(mine).toEqual([{ type: 'notification', data: { _id: row.id, kind: 'ticket', broadcast: false } }]);
    // Events come in the order they were sent: had the other member been sent the first, it would
    // come before this one of their own.
    const marker = await insertNotification(ctx.db, other.id, {
      notice: 'ticketResolved',
      ticketId,
      subject: 'Marker',
    });
    await until(() => theirs.length > 0);
    expect(theirs).toEqual([{ type: 'notification', data: { _id: marker.id, kind: 'ticket', broadcast: false } }]);
    expect((await listOf(me.token, me.id)).json().data[0]).toMatchObject({
      _id: row.id,
      message: "Your ticket 'Leak' is resolved.",
      read: false,
    });
    stopMine();
    stopTheirs();
  });

  it('sends nothing for a change that is rolled back, and the event of one that commits only then', async () => {
    const me = await member();
    const seen: LiveEvent[] = [];
    const stop = ctx.live.subscribe(me.id, (event) => seen.push(event));
    const notice = { notice: 'ticketResolved', ticketId: randomUUID(), subject: 'Rolled back' } as const;
    await expect(
      ctx.db.transaction(async (tx) => {
        await insertNotification(tx, me.id, notice);
        throw new Error('the change fails after its notification');
      }),
    ).rejects.toThrow('the change fails after its notification');

    let committed: string | undefined;
    await ctx.db.transaction(async (tx) => {
      committed = (await insertNotification(tx, me.id, { ...notice, subject: 'Kept' })).id;
      // Not yet: the transaction is still open.
      await new Promise((resolve) => setTimeout(resolve, 30));
      expect(seen).toEqual([]);
    });
    // A later event comes after any the rolled-back change might have sent.
    const marker = await insertNotification(ctx.db, me.id, { ...notice, subject: 'Marker' });
    await until(() => seen.length >= 2);
    expect(seen).toEqual(
      [committed, marker.id].map((_id) => ({ type: 'notification', data: { _id, kind: 'ticket', broadcast: false } })),
    );
    expect((await listOf(me.token, me.id)).json().data.map((n: { message: string }) => n.message)).toEqual([
      "Your ticket 'Marker' is resolved.",
      "Your ticket 'Kept' is resolved.",
    ]);
    stop();
  });

  it('stores a typed lone surrogate as text does, U+FFFD, where jsonb would refuse it', async () => {
    const me = await member();
    const ticketId = randomUUID();
    const row = await insertNotification(ctx.db, me.id, {
      notice: 'ticketAnswered',
      ticketId,
      subject: 'Refund',
      answer: 'x\ud800y',
    });
    expect(row.data).toEqual({ notice: 'ticketAnswered', ticketId, subject: 'Refund', answer: 'x\ufffdy' });
    expect(row.message).toBe("Your ticket 'Refund' has an answer: x\ufffdy");
  });

  it("marking all read tells the member's other tabs", async () => {
    const me = await member();
    await createNotification(ctx.db, { userId: me.id, message: 'Unread one' });
    const seen: LiveEvent[] = [];
    const stop = ctx.live.subscribe(me.id, (event) => seen.push(event));
    expect((await markRead(me.token)).statusCode).toBe(200);
    await until(() => seen.length === 1);
    expect(seen).toEqual([{ type: 'notification', data: { _id: null, kind: 'read', broadcast: false } }]);
    expect((await unread(me.token)).json().data.count).toBe(0);
    stop();
  });

  it('reaches every member with a broadcast event (userId null)', async () => {
    const a = await member();
    const b = await member();
    const seen: string[] = [];
    const stops = [a, b].map((m) => ctx.live.subscribe(m.id, () => seen.push(m.id)));
    const broadcast = await createNotification(ctx.db, { userId: null, message: 'Hello everyone' });
    await ctx.live.publish(null, {
      type: 'notification',
      data: { _id: broadcast.id, kind: 'broadcast', broadcast: true },
    });
    await until(() => seen.length === 2);
    expect(seen.sort()).toEqual([a.id, b.id].sort());
    stops.forEach((stop) => stop());
  });
});

describe('OpenAPI', () => {
  it('describes the messages, notifications and live routes', async () => {
    const doc = (await ctx.app.inject({ method: 'GET', url: '/docs/json' })).json();
    for (const path of [
      '/v1/services/sendMessage',
      '/v1/services/messageList/{userId}',
      '/v1/services/messageListDetail',
      '/v1/services/notificationList/{userId}',
      '/v1/services/notifications/unread',
      '/v1/services/notifications/read',
      '/v1/live',
    ]) {
      expect(doc.paths, path).toHaveProperty([path]);
    }
    expect(doc.paths['/v1/live'].get.description).toContain('text/event-stream');
  });
});
