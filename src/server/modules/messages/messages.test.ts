import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { LiveEvent } from '../../../contract/notifications.js';
import { messages, notifications, users } from '../../db/schema.js';
import { failNotificationsFor } from '../../test/failures.js';
import { bearer, expectFailure, expectSuccess, until, withApp } from '../../test/harness.js';
import {
  bookingOf,
  createAdmin,
  createFavorite,
  createMember,
  createMessage,
  createProvider,
  signIn,
} from '../../test/factories.js';

const ctx = withApp();

async function member(input: Parameters<typeof createMember>[1] = {}) {
  const user = await createMember(ctx.db, input);
  return { ...user, token: await signIn(ctx.db, user.id) };
}

const send = (token: string | null, payload: Record<string, unknown>) =>
  ctx.app.inject({ method: 'POST', url: '/v1/services/sendMessage', headers: token ? bearer(token) : {}, payload });
const list = (token: string | null, userId: string, query = '') =>
  ctx.app.inject({
    method: 'GET',
    url: `/v1/services/messageList/${userId}${query}`,
    headers: token ? bearer(token) : {},
  });
const thread = (token: string | null, payload: Record<string, unknown>, query = '') =>
  ctx.app.inject({
    method: 'POST',
    url: `/v1/services/messageListDetail${query}`,
    headers: token ? bearer(token) : {},
    payload,
  });

/** Collects the live events of a member until stopped. */
function listen(userId: string) {
  const events: LiveEvent[] = [];
  const stop = ctx.live.subscribe(userId, (event) => events.push(event));
  return { events, stop };
}

describe('POST /v1/services/sendMessage', () => {
  it('stores the message from the caller, notifies the recipient and tells both live', async () => {
    const alice = await member({ name: 'Alice Stone' });
    const bob = await member({ name: 'Bob Reyes' });
    const toBob = listen(bob.id);
    const toAlice = listen(alice.id);

    const res = await send(alice.token, { message: '  Can you come on Monday?  ', toUser: bob.id });
    expectSuccess(res, {
      message: 'send Successfully',
      data: {
        _id: expect.any(String),
        message: 'Can you come on Monday?',
        fromUser: alice.id,
        toUser: bob.id,
        createdAt: expect.any(String),
      },
    });
    const body = res.json();
    expect(new Date(body.data.createdAt).toISOString()).toBe(body.data.createdAt);

    const [stored] = await ctx.db.select().from(messages).where(eq(messages.id, body.data._id));
    expect(stored).toMatchObject({
      fromUser: alice.id,
      toUser: bob.id,
      message: 'Can you come on Monday?',
      readAt: null,
    });
    const notes = await ctx.db.select().from(notifications).where(eq(notifications.userId, bob.id));
    expect(notes).toEqual([
      expect.objectContaining({
        kind: 'message',
        message: 'New message from Alice Stone',
        readAt: null,
        data: { notice: 'message', fromUser: alice.id, messageId: body.data._id, sender: 'Alice Stone' },
      }),
    ]);

    const messageEvent = {
      type: 'message',
      data: { _id: body.data._id, fromUser: alice.id, toUser: bob.id, createdAt: body.data.createdAt },
    };
    await until(() => toBob.events.length === 2 && toAlice.events.length === 1);
    expect(toBob.events).toEqual(
      expect.arrayContaining([
        messageEvent,
        { type: 'notification', data: { _id: notes[0]!.id, kind: 'message', broadcast: false } },
      ]),
    );
    // The sender's other tabs see their own message; the sender gets no notification.
    expect(toAlice.events).toEqual([messageEvent]);
    toBob.stop();
    toAlice.stop();
  });

  it('stores the message and its notification, and tells the recipient live with the commit', async () => {
    const alice = await member({ name: 'Alice Down' });
    const bob = await member();
    const events: LiveEvent[] = [];
    const stop = ctx.live.subscribe(bob.id, (event) => events.push(event));
    let sentId = '';
    try {
      const sent = await send(alice.token, { message: 'Still there?', toUser: bob.id });
      expect(sent.statusCode, sent.body).toBe(200);
      sentId = sent.json().data._id;
      await until(() => events.length === 2);
      expect(events.map((e) => e.type)).toEqual(['message', 'notification']);
    } finally {
      stop();
    }
    const stored = await ctx.db.select({ id: messages.id }).from(messages).where(eq(messages.fromUser, alice.id));
    expect(stored).toEqual([{ id: sentId }]);
    const notes = await ctx.db
      .select({ message: notifications.message })
      .from(notifications)
      .where(eq(notifications.userId, bob.id));
    expect(notes).toEqual([{ message: 'New message from Alice Down' }]);
  });

  it('stores neither the message nor its notification when the transaction fails after the notification', async () => {
    const alice = await member();
    const bob = await member();
    const restore = await failNotificationsFor(ctx.db, bob.id);
    try {
      expect((await send(alice.token, { message: 'Lost?', toUser: bob.id })).statusCode).toBe(500);
    } finally {
      await restore();
    }
    expect(await ctx.db.select().from(messages).where(eq(messages.fromUser, alice.id))).toEqual([]);
    expect(await ctx.db.select().from(notifications).where(eq(notifications.userId, bob.id))).toEqual([]);
  });

  it('accepts the old dialog fields when fromUser is the caller, and refuses another sender with 403', async () => {
    const alice = await member();
    const bob = await member();
    const carol = await member();
    expect((await send(alice.token, { message: 'Hello', toUser: bob.id, fromUser: alice.id })).statusCode).toBe(200);

    const res = await send(alice.token, { message: 'Pretending to be Carol', toUser: bob.id, fromUser: carol.id });
    expectFailure(res, 403, { code: 'forbidden', message: 'You are not allowed to do this.' });
    expect(await ctx.db.select().from(messages).where(eq(messages.fromUser, carol.id))).toEqual([]);
  });

  it("refuses a blank message with 'Please enter your msg' and a too long one", async () => {
    const alice = await member();
    const bob = await member();
    for (const message of ['', '   \n\t ', undefined]) {
      const res = await send(alice.token, { message, toUser: bob.id });
      expect(res.statusCode, JSON.stringify(message)).toBe(400);
      expect(res.json()).toMatchObject({
        status: 0,
        message: 'Please enter your msg',
        errors: { message: 'Please enter your msg' },
      });
    }
    const long = await send(alice.token, { message: 'x'.repeat(2001), toUser: bob.id });
    expect(long.statusCode).toBe(400);
    expect(long.json().message).toBe('Your message is too long (at most 2000 characters).');
    expect((await send(alice.token, { message: 'x'.repeat(2000), toUser: bob.id })).statusCode).toBe(200);

    const badId = await send(alice.token, { message: 'Hi', toUser: 'not-a-uuid' });
    expect(badId.statusCode).toBe(400);
    expect(badId.json().errors).toHaveProperty('toUser');
  });

  it('refuses a message to yourself (400) and to an unknown, blocked or admin account (404)', async () => {
    const alice = await member();
    const self = await send(alice.token, { message: 'Note to self', toUser: alice.id });
    expectFailure(self, 400, { code: 'invalid', message: 'You cannot send a message to yourself.' });

    const blocked = await createMember(ctx.db, { isBlocked: true });
    const admin = await createAdmin(ctx.db);
    for (const toUser of ['00000000-0000-4000-8000-000000000000', blocked.id, admin.id]) {
      const res = await send(alice.token, { message: 'Hello?', toUser });
      expectFailure(res, 404, { code: 'not_found', message: 'This member was not found.' }, toUser);
    }
  });

  it('needs a signed-in member: 401 without a session, 403 for an administrator', async () => {
    const bob = await member();
    const anonymous = await send(null, { message: 'Hi', toUser: bob.id });
    expectFailure(anonymous, 401, { code: 'unauthorized', message: 'Please log in to continue.' });
    const admin = await createAdmin(ctx.db);
    expect((await send(await signIn(ctx.db, admin.id), { message: 'Hi', toUser: bob.id })).statusCode).toBe(403);
  });

  it('lets a customer message a provider and the provider answer', async () => {
    const customer = await member();
    const provider = await createProvider(ctx.db, { name: 'Paula Plumber' });
    const providerToken = await signIn(ctx.db, provider.id);
    expect((await send(customer.token, { message: 'Leaking tap', toUser: provider.id })).statusCode).toBe(200);
    const answer = await send(providerToken, { message: 'On my way', toUser: customer.id });
    expect(answer.statusCode).toBe(200);
    const notes = await ctx.db.select().from(notifications).where(eq(notifications.userId, customer.id));
    expect(notes.map((n) => n.message)).toEqual(['New message from Paula Plumber']);
  });
});

describe('GET /v1/services/messageList/:userId', () => {
  it('lists one row per partner, latest conversation first, with the last message either way and the unread count', async () => {
    const me = await member();
    const dora = await member({ name: 'Dora', image: '/uploads/images/dora.webp' });
    const eli = await member({ name: 'Eli' });
    const fay = await member({ name: 'Fay' });
    const stranger = await member();
    const at = (minute: number) => new Date(Date.UTC(2026, 0, 10, 9, minute));
    // Dora: two unread from her, then my answer last.
    await createMessage(ctx.db, { fromUser: dora.id, toUser: me.id, message: 'Hi there', createdAt: at(1) });
    await createMessage(ctx.db, { fromUser: dora.id, toUser: me.id, message: 'Are you free?', createdAt: at(2) });
    await createMessage(ctx.db, { fromUser: me.id, toUser: dora.id, message: 'Yes, Friday', createdAt: at(3) });
    // Eli: one read, one unread, the newest conversation.
    await createMessage(ctx.db, {
      fromUser: eli.id,
      toUser: me.id,
      message: 'Quote attached',
      createdAt: at(4),
      read: true,
    });
    await createMessage(ctx.db, { fromUser: eli.id, toUser: me.id, message: 'Any news?', createdAt: at(9) });
    // Fay: only my message, the oldest conversation.
    await createMessage(ctx.db, { fromUser: me.id, toUser: fay.id, message: 'Hello Fay', createdAt: at(0) });
    // Not mine.
    await createMessage(ctx.db, { fromUser: stranger.id, toUser: dora.id, message: 'Private', createdAt: at(30) });

    const res = await list(me.token, me.id);
    expectSuccess(res, {
      data: [
        {
          user: { _id: eli.id, name: 'Eli', image: null },
          message: 'Any news?',
          createdAt: at(9).toISOString(),
          unread: 1,
        },
        {
          user: { _id: dora.id, name: 'Dora', image: '/uploads/images/dora.webp' },
          message: 'Yes, Friday',
          createdAt: at(3).toISOString(),
          unread: 2,
        },
        {
          user: { _id: fay.id, name: 'Fay', image: null },
          message: 'Hello Fay',
          createdAt: at(0).toISOString(),
          unread: 0,
        },
      ],
      meta: { page: 1, limit: 20, total: 3 },
    });

    const second = (await list(me.token, me.id, '?page=2&limit=2')).json();
    expect(second.data.map((c: { user: { name: string } }) => c.user.name)).toEqual(['Fay']);
    expect(second.meta).toEqual({ page: 2, limit: 2, total: 3 });
    expect((await list(me.token, me.id, '?page=5&limit=2')).json()).toEqual({
      status: 1,
      data: [],
      meta: { page: 5, limit: 2, total: 3 },
    });
  });

  it('answers an empty page for a member without messages', async () => {
    const loner = await member();
    expect((await list(loner.token, loner.id)).json()).toEqual({
      status: 1,
      data: [],
      meta: { page: 1, limit: 20, total: 0 },
    });
  });

  it("refuses another member's list (403) and anonymous callers (401)", async () => {
    const alice = await member();
    const bob = await member();
    expect((await list(alice.token, bob.id)).statusCode).toBe(403);
    expect((await list(null, bob.id)).statusCode).toBe(401);
    expect((await list(alice.token, 'abc')).statusCode).toBe(400);
  });
});

describe('POST /v1/services/messageListDetail', () => {
  it('pages the thread newest first, with the partner, and marks only my incoming messages read', async () => {
    const me = await member();
    const gus = await member({ name: 'Gus' });
    const other = await member();
    const at = (minute: number) => new Date(Date.UTC(2026, 1, 1, 12, minute));
    const m1 = await createMessage(ctx.db, { fromUser: gus.id, toUser: me.id, message: 'one', createdAt: at(1) });
    const m2 = await createMessage(ctx.db, { fromUser: me.id, toUser: gus.id, message: 'two', createdAt: at(2) });
    const m3 = await createMessage(ctx.db, { fromUser: gus.id, toUser: me.id, message: 'three', createdAt: at(3) });
    const fromOther = await createMessage(ctx.db, {
      fromUser: other.id,
      toUser: me.id,
      message: 'elsewhere',
      createdAt: at(4),
    });

    const before = (await list(me.token, me.id)).json().data;
    expect(before.find((c: { user: { _id: string } }) => c.user._id === gus.id).unread).toBe(2);

    const res = await thread(me.token, { fromUser: me.id, toUser: gus.id }, '?limit=2');
    expectSuccess(res, {
      data: [
        { _id: m3.id, message: 'three', fromUser: gus.id, toUser: me.id, createdAt: at(3).toISOString() },
        { _id: m2.id, message: 'two', fromUser: me.id, toUser: gus.id, createdAt: at(2).toISOString() },
      ],
      meta: { page: 1, limit: 2, total: 3 },
      partner: { _id: gus.id, name: 'Gus', image: null },
    });
    const older = (await thread(me.token, { fromUser: me.id, toUser: gus.id }, '?page=2&limit=2')).json();
    expect(older.data.map((m: { _id: string }) => m._id)).toEqual([m1.id]);

    const rows = await ctx.db
      .select({ id: messages.id, readAt: messages.readAt })
      .from(messages)
      .where(eq(messages.toUser, me.id));
    const read = new Map(rows.map((r) => [r.id, r.readAt]));
    expect(read.get(m1.id)).not.toBeNull();
    expect(read.get(m3.id)).not.toBeNull();
    expect(read.get(fromOther.id)).toBeNull();
    // My own message stays unread for Gus until he opens the thread.
    const [mine] = await ctx.db.select({ readAt: messages.readAt }).from(messages).where(eq(messages.id, m2.id));
    expect(mine!.readAt).toBeNull();

    const after = (await list(me.token, me.id)).json().data;
    expect(after.find((c: { user: { _id: string } }) => c.user._id === gus.id).unread).toBe(0);
    expect(after.find((c: { user: { _id: string } }) => c.user._id === other.id).unread).toBe(1);
  });

  it('answers an empty thread with the partner when nothing was said yet', async () => {
    const me = await member();
    const provider = await createProvider(ctx.db, { name: 'Hana Painter', image: '/uploads/images/hana.webp' });
    expect((await thread(me.token, { fromUser: me.id, toUser: provider.id })).json()).toEqual({
      status: 1,
      data: [],
      meta: { page: 1, limit: 20, total: 0 },
      partner: { _id: provider.id, name: 'Hana Painter', image: '/uploads/images/hana.webp' },
    });
  });

  it('refuses a fromUser that is not the caller (403), anonymous callers (401) and unknown partners (404)', async () => {
    const alice = await member();
    const bob = await member();
    await createMessage(ctx.db, { fromUser: alice.id, toUser: bob.id, message: 'secret' });
    const carol = await member();
    const spy = await thread(carol.token, { fromUser: alice.id, toUser: bob.id });
    expect(spy.statusCode).toBe(403);
    expect(JSON.stringify(spy.json())).not.toContain('secret');
    expect((await thread(null, { fromUser: alice.id, toUser: bob.id })).statusCode).toBe(401);
    expect(
      (await thread(alice.token, { fromUser: alice.id, toUser: '00000000-0000-4000-8000-000000000000' })).statusCode,
    ).toBe(404);
    expect((await thread(alice.token, { fromUser: alice.id, toUser: alice.id })).statusCode).toBe(404);
    expect((await thread(alice.token, { fromUser: alice.id })).statusCode).toBe(400);
  });

  it("keeps a blocked partner's old thread readable", async () => {
    const me = await member();
    const gone = await member({ name: 'Gone' });
    await createMessage(ctx.db, { fromUser: gone.id, toUser: me.id, message: 'old news' });
    await ctx.db.update(users).set({ isBlocked: true }).where(eq(users.id, gone.id));
    const res = await thread(me.token, { fromUser: me.id, toUser: gone.id });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.map((m: { message: string }) => m.message)).toEqual(['old news']);
  });
});

describe('GET /v1/messages/unread', () => {
  const unreadMessages = (token: string | null) =>
    ctx.app.inject({ method: 'GET', url: '/v1/messages/unread', headers: token ? bearer(token) : {} });
  const unreadNotifications = (token: string) =>
    ctx.app.inject({ method: 'GET', url: '/v1/services/notifications/unread', headers: bearer(token) });

  it("counts the caller's unread incoming messages, not as notifications, and reading a thread clears its own", async () => {
    const me = await member();
    const lia = await member({ name: 'Lia' });
    const max = await member({ name: 'Max' });
    const other = await member();
    expect((await unreadMessages(me.token)).json()).toEqual({ status: 1, data: { count: 0 } });
    for (const text of ['One', 'Two']) await send(lia.token, { message: text, toUser: me.id });
    await send(max.token, { message: 'Hi', toUser: me.id });
    // Mine to others and others' between themselves are not mine to read.
    await send(me.token, { message: 'Mine', toUser: lia.id });
    await send(other.token, { message: 'Not yours', toUser: max.id });

    expect((await unreadMessages(me.token)).json()).toEqual({ status: 1, data: { count: 3 } });
    // The "new message" notices stay in the list but the bell does not count them a second time.
    expect((await unreadNotifications(me.token)).json().data.count).toBe(0);
    expect((await unreadMessages(lia.token)).json().data.count).toBe(1);

    expect((await thread(me.token, { fromUser: me.id, toUser: lia.id })).statusCode).toBe(200);
    expect((await unreadMessages(me.token)).json().data.count).toBe(1);
    expect((await unreadMessages(lia.token)).json().data.count).toBe(1);
    expect((await thread(me.token, { fromUser: me.id, toUser: max.id })).statusCode).toBe(200);
    expect((await unreadMessages(me.token)).json().data.count).toBe(0);
  });

  it("tells the reader's other tabs live when a thread's messages become read, and only then", async () => {
    const me = await member();
    const lia = await member({ name: 'Lia' });
    const mine = listen(me.id);
    const hers = listen(lia.id);
    try {
      await send(lia.token, { message: 'Are you free Friday?', toUser: me.id });
      await expect.poll(() => mine.events.filter((e) => e.type === 'message')).toHaveLength(1);
      expect((await thread(me.token, { fromUser: me.id, toUser: lia.id })).statusCode).toBe(200);
      await expect
        .poll(() => mine.events.filter((e) => e.type === 'messagesRead'))
        .toEqual([{ type: 'messagesRead', data: { partnerId: lia.id } }]);
      // Read again with nothing new: no event; and the sender is told nothing.
      expect((await thread(me.token, { fromUser: me.id, toUser: lia.id })).statusCode).toBe(200);
      await send(lia.token, { message: 'Or Saturday?', toUser: me.id });
      await expect.poll(() => mine.events.filter((e) => e.type === 'message')).toHaveLength(2);
      expect(mine.events.filter((e) => e.type === 'messagesRead')).toHaveLength(1);
      expect(hers.events.filter((e) => e.type === 'messagesRead')).toEqual([]);
    } finally {
      mine.stop();
      hers.stop();
    }
  });

  it('needs a signed-in member: 401 without a session, 403 for an administrator', async () => {
    expect((await unreadMessages(null)).statusCode).toBe(401);
    const admin = await createAdmin(ctx.db);
    expect((await unreadMessages(await signIn(ctx.db, admin.id))).statusCode).toBe(403);
  });
});

describe('GET /v1/messages/contacts', () => {
  const contacts = (token: string | null) =>
    ctx.app.inject({ method: 'GET', url: '/v1/messages/contacts', headers: token ? bearer(token) : {} });

  it('offers the providers the member booked or favourited and has not messaged yet, by name', async () => {
    const customer = await member();
    const booked = await createProvider(ctx.db, { name: 'Zoe Booked' });
    const liked = await createProvider(ctx.db, { name: 'Amy Liked' });
    const both = await createProvider(ctx.db, { name: 'Max Both' });
    const talkedTo = await createProvider(ctx.db, { name: 'Tia Talked' });
    const blocked = await createProvider(ctx.db, { name: 'Bob Blocked', isBlocked: true });
    const stranger = await createProvider(ctx.db, { name: 'Sid Stranger' });
    await bookingOf(ctx.db, customer, booked, { status: 'cancelled' });
    await bookingOf(ctx.db, customer, both);
    for (const provider of [liked, both, talkedTo, blocked]) await createFavorite(ctx.db, customer.id, provider.id);
    // A thread either way takes the provider off: it is in the conversation list.
    await createMessage(ctx.db, { fromUser: talkedTo.id, toUser: customer.id });
    // Another member's bookings and favourites are theirs.
    const other = await member();
    await createFavorite(ctx.db, other.id, stranger.id);

    const res = await contacts(customer.token);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual([
      { _id: liked.id, name: 'Amy Liked', image: null },
      { _id: both.id, name: 'Max Both', image: null },
      { _id: booked.id, name: 'Zoe Booked', image: null },
    ]);

    // Once a message goes, the provider moves to the conversations.
    await send(customer.token, { message: 'Hello', toUser: liked.id });
    expect((await contacts(customer.token)).json().data.map((c: { name: string }) => c.name)).toEqual([
      'Max Both',
      'Zoe Booked',
    ]);
    expect((await contacts(other.token)).json().data).toEqual([
      { _id: stranger.id, name: 'Sid Stranger', image: null },
    ]);
  });

  it('needs a signed-in member: 401 without a session, 403 for an administrator', async () => {
    expect((await contacts(null)).statusCode).toBe(401);
    const admin = await createAdmin(ctx.db);
    expect((await contacts(await signIn(ctx.db, admin.id))).statusCode).toBe(403);
  });
});

describe('new message notifications: one per sender while unread', () => {
  const notes = async (userId: string) =>
    ctx.db
      .select({ message: notifications.message, data: notifications.data, readAt: notifications.readAt })
      .from(notifications)
      .where(eq(notifications.userId, userId));

  it('a burst from one sender makes one notification; another sender gets their own; after reading, the next message notifies again', async () => {
    const gil = await member({ name: 'Gil Burst' });
    const hal = await member({ name: 'Hal Other' });
    const ivy = await member({ name: 'Ivy Reader' });
    const toIvy = listen(ivy.id);
    for (const text of ['One', 'Two', 'Three'])
      expect((await send(gil.token, { message: text, toUser: ivy.id })).statusCode).toBe(200);
    // Sent at once as well.
    const burst = await Promise.all(
      ['Four', 'Five', 'Six'].map((text) => send(gil.token, { message: text, toUser: ivy.id })),
    );
    expect(burst.map((r) => r.statusCode)).toEqual([200, 200, 200]);
    expect(await notes(ivy.id)).toEqual([
      expect.objectContaining({ message: 'New message from Gil Burst', readAt: null }),
    ]);
    expect(await messagesTo(ivy.id)).toBe(6);
    // Six message events, one notification event.
    await until(() => toIvy.events.filter((e) => e.type === 'message').length === 6);
    expect(toIvy.events.filter((e) => e.type === 'notification')).toHaveLength(1);

    await send(hal.token, { message: 'Hello', toUser: ivy.id });
    expect((await notes(ivy.id)).map((n) => n.message).sort()).toEqual([
      'New message from Gil Burst',
      'New message from Hal Other',
    ]);
    // Nobody else is notified.
    expect(await notes(gil.id)).toEqual([]);
    expect(await notes(hal.id)).toEqual([]);

    // Ivy reads Gil's thread: his notification is read with it, Hal's stays unread.
    expect((await thread(ivy.token, { fromUser: ivy.id, toUser: gil.id })).statusCode).toBe(200);
    const after = await notes(ivy.id);
    expect(after.find((n) => n.message.endsWith('Gil Burst'))?.readAt).not.toBeNull();
    expect(after.find((n) => n.message.endsWith('Hal Other'))?.readAt).toBeNull();
    // Ivy's other tabs drop the badge.
    await until(() =>
      toIvy.events.some((e) => e.type === 'notification' && e.data._id === null && e.data.kind === 'read'),
    );
    await send(gil.token, { message: 'Seven', toUser: ivy.id });
    expect((await notes(ivy.id)).filter((n) => n.message === 'New message from Gil Burst')).toHaveLength(2);
    toIvy.stop();
  });

  it('marking all read on /Notifications lets the sender’s next message notify again', async () => {
    const jo = await member({ name: 'Jo Sender' });
    const kai = await member();
    await send(jo.token, { message: 'A', toUser: kai.id });
    await send(jo.token, { message: 'B', toUser: kai.id });
    expect(await notes(kai.id)).toHaveLength(1);
    const read = await ctx.app.inject({
      method: 'POST',
      url: '/v1/services/notifications/read',
      headers: bearer(kai.token),
    });
    expect(read.statusCode).toBe(200);
    await send(jo.token, { message: 'C', toUser: kai.id });
    expect(await notes(kai.id)).toHaveLength(2);
  });
});

async function messagesTo(userId: string) {
  return (await ctx.db.select({ id: messages.id }).from(messages).where(eq(messages.toUser, userId))).length;
}
