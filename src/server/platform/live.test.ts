// The live hub and GET /v1/live. Cross-instance: a second app on the same database (on PostgreSQL
// with its own pool and LISTEN connection, as a second server process would have) receives what
// the first one publishes.
import { EventEmitter } from 'node:events';
import http from 'node:http';
import type { ServerResponse } from 'node:http';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { LiveEvent } from '../../contract/notifications.js';
import { buildApp, type App } from '../app.js';
import { openDatabase, type Database } from '../db/client.js';
import { sessions } from '../db/schema.js';
import { openEventStream } from '../modules/live/live.stream.js';
import { bearer, until, withApp } from '../test/harness.js';
import { createAdmin, createMember, signIn } from '../test/factories.js';
import { createLiveHub, encodeWire, type LiveHub } from './live.js';

const ctx = withApp();
const onPostgres = Boolean(process.env.DATABASE_URL);

async function member(name?: string) {
  const user = await createMember(ctx.db, { name });
  return { ...user, token: await signIn(ctx.db, user.id) };
}

const sendMessage = (app: App, token: string, toUser: string, message: string) =>
  app.inject({ method: 'POST', url: '/v1/services/sendMessage', headers: bearer(token), payload: { message, toUser } });

/**
 * Reads an event stream over one plain HTTP connection (fetch would keep a spare socket open that
 * delays the server's close by its idle timeout) and keeps what arrives.
 */
function openStream(baseUrl: string, token?: string, path = '/v1/live') {
  return new Promise<{
    status: number;
    headers: http.IncomingHttpHeaders;
    text: string;
    ended: boolean;
    json(): unknown;
    close(): void;
  }>((resolve, reject) => {
    const request = http.get(
      `${baseUrl}${path}`,
      { agent: false, headers: { accept: 'text/event-stream', ...(token ? bearer(token) : {}) } },
      (response) => {
        const stream = {
          status: response.statusCode ?? 0,
          headers: response.headers,
          text: '',
          ended: false,
          json: () => JSON.parse(stream.text) as unknown,
          close: () => request.destroy(),
        };
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => (stream.text += chunk));
        response.on('close', () => (stream.ended = true));
        // Headers first: the stream is subscribed by then.
        if (stream.status !== 200) response.on('end', () => resolve(stream));
        else resolve(stream);
      },
    );
    request.on('error', reject);
  });
}

/** `event:` / `data:` blocks of an SSE text (comments and retry lines left out). */
function parseEvents(text: string): { event: string; data: unknown }[] {
  return text
    .split('\n\n')
    .map((block) => {
      const lines = block.split('\n');
      const event = lines.find((l) => l.startsWith('event: '))?.slice(7);
      const data = lines.find((l) => l.startsWith('data: '))?.slice(6);
      return event && data ? { event, data: JSON.parse(data) as unknown } : null;
    })
    .filter((e): e is { event: string; data: unknown } => e !== null);
}

async function listen(app: App): Promise<string> {
  return app.listen({ port: 0, host: '127.0.0.1' });
}

describe('the hub', () => {
  it('delivers an event to the subscribers of its member only, and a null address to everyone', async () => {
    const got: Record<string, LiveEvent[]> = { a: [], a2: [], b: [] };
    const stopA = ctx.live.subscribe('user-a', (e) => got.a!.push(e));
    const stopA2 = ctx.live.subscribe('user-a', (e) => got.a2!.push(e));
    const stopB = ctx.live.subscribe('user-b', (e) => got.b!.push(e));
    expect(ctx.live.subscriberCount()).toBe(3);

    const event: LiveEvent = { type: 'notification', data: { _id: 'n1', kind: 'booking', broadcast: false } };
    await ctx.live.publish('user-a', event);
    await until(() => got.a!.length === 1 && got.a2!.length === 1, 3000, 'both tabs of a');
    const everyone: LiveEvent = { type: 'notification', data: { _id: 'n2', kind: 'broadcast', broadcast: true } };
    await ctx.live.publish(null, everyone);
    await until(() => got.b!.length === 1, 3000, 'the broadcast');
    expect(got.a).toEqual([event, everyone]);
    expect(got.b).toEqual([everyone]);

    stopA();
    stopA();
    stopA2();
    stopB();
    expect(ctx.live.subscriberCount()).toBe(0);
    await ctx.live.publish('user-a', event);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(got.a).toHaveLength(2);
  });

  it('keeps delivering when one subscriber throws', async () => {
    const errors: unknown[] = [];
    const hub = await createLiveHub(ctx.database, { onError: (error) => errors.push(error) });
    const got: LiveEvent[] = [];
    const stop1 = hub.subscribe('u', () => {
      throw new Error('broken listener');
    });
    const stop2 = hub.subscribe('u', (e) => got.push(e));
    await hub.publish('u', { type: 'resync', data: {} });
    await until(() => got.length === 1);
    expect(errors).toHaveLength(1);
    stop1();
    stop2();
    await hub.close();
    // Closed: nothing more to subscribe to or publish.
    expect(hub.subscribe('u', () => {})).toBeTypeOf('function');
    expect(hub.subscriberCount()).toBe(0);
    await hub.publish('u', { type: 'resync', data: {} });
  });

  it('tells the watchers of a session when it is deleted, once its transaction commits', async () => {
    const ben = await member('Ben Watch');
    const [row] = await ctx.db.select({ id: sessions.id }).from(sessions).where(eq(sessions.userId, ben.id));
    const other = await member('Other Watch');
    const [otherRow] = await ctx.db.select({ id: sessions.id }).from(sessions).where(eq(sessions.userId, other.id));
    const ended: string[] = [];
    ctx.live.watchSession(row!.id, () => ended.push('ben'));
    const stopOther = ctx.live.watchSession(otherRow!.id, () => ended.push('other'));
    const marker = () => ctx.live.publish('marker', { type: 'resync', data: {} });
    const markers: LiveEvent[] = [];
    const stopMarker = ctx.live.subscribe('marker', (e) => markers.push(e));

    // A delete that rolls back tells nobody.
    await ctx.db
      .transaction(async (tx) => {
        await tx.delete(sessions).where(eq(sessions.id, row!.id));
        throw new Error('rolled back');
      })
      .catch(() => undefined);
    await marker();
    await until(() => markers.length === 1, 3000, 'the marker');
    expect(ended).toEqual([]);

    stopOther();
    await ctx.db.delete(sessions).where(eq(sessions.userId, other.id));
    await ctx.db.delete(sessions).where(eq(sessions.id, row!.id));
    await until(() => ended.length === 1, 3000, 'the session end');
    await marker();
    await until(() => markers.length === 2, 3000, 'the second marker');
    expect(ended).toEqual(['ben']);
    stopMarker();
  });

  it('refuses payloads NOTIFY cannot carry', () => {
    const huge = { type: 'notification', data: { _id: 'x'.repeat(8000), kind: 'message', broadcast: false } } as const;
    expect(() => encodeWire('u', huge)).toThrow(/too large/);
    expect(JSON.parse(encodeWire(null, { type: 'resync', data: {} }))).toEqual({
      u: null,
      e: { type: 'resync', data: {} },
    });
  });
});

describe('the event stream', () => {
  it('writes the retry hint, events as they come, a heartbeat, and ends once', async () => {
    const chunks: string[] = [];
    let head: { status: number; headers: Record<string, string> } | null = null;
    const fake = Object.assign(new EventEmitter(), {
      writableEnded: false,
      writeHead(status: number, headers: Record<string, string>) {
        head = { status, headers };
        return fake;
      },
      write(chunk: string) {
        chunks.push(chunk);
        return true;
      },
      end() {
        fake.writableEnded = true;
        fake.emit('close');
      },
    });
    let listener: ((event: LiveEvent) => void) | null = null;
    let unsubscribed = 0;
    let ended = 0;
    const end = openEventStream(
      fake as unknown as ServerResponse,
      (l) => {
        listener = l;
        return () => unsubscribed++;
      },
      { heartbeatMs: 20, retryMs: 1500, onEnd: () => ended++ },
    );
    expect(head).toEqual({
      status: 200,
      headers: expect.objectContaining({
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-cache, no-transform',
      }),
    });
    expect(chunks[0]).toBe('retry: 1500\n: connected\n\n');
    listener!({
      type: 'message',
      data: { _id: 'm', fromUser: 'a', toUser: 'b', createdAt: '2026-01-01T00:00:00.000Z' },
    });
    expect(chunks[1]).toBe(
      'event: message\ndata: {"_id":"m","fromUser":"a","toUser":"b","createdAt":"2026-01-01T00:00:00.000Z"}\n\n',
    );
    await until(() => chunks.filter((c) => c === ': ping\n\n').length >= 2, 2000, 'two heartbeats');

    end();
    end();
    expect(unsubscribed).toBe(1);
    expect(ended).toBe(1);
    const written = chunks.length;
    await new Promise((resolve) => setTimeout(resolve, 60));
    expect(chunks.length).toBe(written);
  });

  it("ends at its session's expiry, even one further away than a timer can wait", () => {
    vi.useFakeTimers();
    try {
      const day = 86_400_000;
      const fake = Object.assign(new EventEmitter(), {
        writableEnded: false,
        writeHead: () => fake,
        write: () => true,
        end() {
          fake.writableEnded = true;
          fake.emit('close');
        },
      });
      let ended = 0;
      openEventStream(fake as unknown as ServerResponse, () => () => {}, {
        heartbeatMs: day,
        retryMs: 1500,
        endsAt: new Date(Date.now() + 30 * day),
        onEnd: () => ended++,
      });
      vi.advanceTimersByTime(29 * day);
      expect(ended).toBe(0);
      vi.advanceTimersByTime(day);
      expect(ended).toBe(1);
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('GET /v1/live over HTTP', () => {
  let baseUrl: string;
  beforeAll(async () => {
    baseUrl = await listen(ctx.app);
  });

  it('refuses anonymous callers and tokens in the URL (401), and administrators (403)', async () => {
    const anonymous = await openStream(baseUrl);
    expect(anonymous.status).toBe(401);
    expect(anonymous.json()).toEqual({
      status: 0,
      code: 'unauthorized',
      requestId: expect.any(String),
      message: 'Please log in to continue.',
    });
    const me = await member();
    const inUrl = await openStream(baseUrl, undefined, `/v1/live?token=${me.token}`);
    expect(inUrl.status).toBe(401);
    const admin = await createAdmin(ctx.db);
    expect((await openStream(baseUrl, await signIn(ctx.db, admin.id))).status).toBe(403);
  });

  it("streams the member's message and notification events, and unsubscribes when the client goes", async () => {
    const ana = await member('Ana Lima');
    const ben = await member('Ben Cole');
    const before = ctx.live.subscriberCount();
    const stream = await openStream(baseUrl, ben.token);
    expect(stream.status).toBe(200);
    expect(stream.headers['content-type']).toBe('text/event-stream; charset=utf-8');
    await until(() => stream.text.startsWith('retry: 3000\n'), 3000, 'the retry hint');
    expect(ctx.live.subscriberCount()).toBe(before + 1);

    const sent = (await sendMessage(ctx.app, ana.token, ben.id, 'Hello Ben')).json();
    await until(() => parseEvents(stream.text).length >= 2, 5000, 'two events');
    const events = parseEvents(stream.text);
    expect(events).toContainEqual({
      event: 'message',
      data: { _id: sent.data._id, fromUser: ana.id, toUser: ben.id, createdAt: sent.data.createdAt },
    });
    expect(events).toContainEqual({
      event: 'notification',
      data: { _id: expect.any(String), kind: 'message', broadcast: false },
    });
    // Ids only: the text is read through the API.
    expect(stream.text).not.toContain('Hello Ben');

    stream.close();
    await until(() => ctx.live.subscriberCount() === before, 3000, 'the unsubscribe');
  });
});

describe('two instances on one database', () => {
  let second: { app: App; database: Database; live: LiveHub; baseUrl: string; closed: boolean };

  beforeAll(async () => {
    // On PostgreSQL a real second instance: its own pool and LISTEN connection. PGlite is one
    // process's database, so there the second app shares it but still has a hub of its own.
    const database = onPostgres ? await openDatabase({ url: ctx.databaseUrl! }) : ctx.database;
    const live = await createLiveHub(database, { onError: () => {}, reconnectMs: 50 });
    const app = await buildApp({ ...ctx.app.deps, database, live });
    const baseUrl = await listen(app);
    second = { app, database, live, baseUrl, closed: false };
  });
  afterAll(async () => {
    if (!second.closed) await second.app.close();
    await second.live.close();
    if (onPostgres) await second.database.close();
  });

  it('a message sent through instance A reaches a subscriber of instance B', async () => {
    const ana = await member('Ana A');
    const ben = await member('Ben B');
    const onB: LiveEvent[] = [];
    const stop = second.live.subscribe(ben.id, (e) => onB.push(e));
    const sent = (await sendMessage(ctx.app, ana.token, ben.id, 'Across instances')).json();
    await until(() => onB.length === 2, 5000, 'delivery on B');
    expect(onB).toContainEqual({
      type: 'message',
      data: { _id: sent.data._id, fromUser: ana.id, toUser: ben.id, createdAt: sent.data.createdAt },
    });
    stop();
  });

  it('a page streaming from instance B sees a message sent through instance A', async () => {
    const ana = await member('Ana A');
    const ben = await member('Ben B');
    const stream = await openStream(second.baseUrl, ben.token);
    expect(stream.status).toBe(200);
    const sent = (await sendMessage(ctx.app, ana.token, ben.id, 'Over HTTP')).json();
    await until(() => parseEvents(stream.text).some((e) => e.event === 'message'), 5000, 'the message event on B');
    expect(parseEvents(stream.text)).toContainEqual({
      event: 'message',
      data: { _id: sent.data._id, fromUser: ana.id, toUser: ben.id, createdAt: sent.data.createdAt },
    });
    // And B reads it through its own API.
    const thread = await second.app.inject({
      method: 'POST',
      url: '/v1/services/messageListDetail',
      headers: bearer(ben.token),
      payload: { fromUser: ben.id, toUser: ana.id },
    });
    expect(thread.json().data[0].message).toBe('Over HTTP');
    stream.close();
  });

  it.skipIf(!onPostgres)(
    'listens again after losing its LISTEN connection, and tells subscribers to read again',
    async () => {
      const ben = await member('Ben B');
      const onB: LiveEvent[] = [];
      const stop = second.live.subscribe(ben.id, (e) => onB.push(e));
      // The server drops B's listening session (a restart or failover would do the same).
      const { rows } = await ctx.database.pool!.query<{ n: number }>(
        `select count(*)::int as n from (select pg_terminate_backend(pid) from pg_stat_activity
       where datname = current_database() and query = 'LISTEN doorstep_live' and pid <> pg_backend_pid()) t`,
      );
      expect(rows[0]!.n).toBeGreaterThanOrEqual(1);
      await until(() => onB.some((e) => e.type === 'resync'), 8000, 'the resync');
      const ana = await member('Ana A');
      await sendMessage(ctx.app, ana.token, ben.id, 'After the gap');
      await until(() => onB.some((e) => e.type === 'message'), 5000, 'delivery after reconnect');
      stop();
    },
  );

  it('closing an instance ends its open streams', async () => {
    const ben = await member('Ben B');
    const stream = await openStream(second.baseUrl, ben.token);
    await until(() => stream.text.includes('retry:'), 3000, 'the stream');
    expect(second.live.subscriberCount()).toBe(1);
    const closing = second.app.close();
    second.closed = true;
    // The stream is told to reconnect and ends at once (the client then reconnects, to another
    // instance behind the balancer).
    await until(() => stream.ended, 2000, 'the end of the stream');
    expect(stream.text).toMatch(/retry: 3000\nevent: reconnect\ndata: \{\}\n\n$/);
    expect(second.live.subscriberCount()).toBe(0);
    await closing;
  });
});
