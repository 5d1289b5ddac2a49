// Live streams (GET /v1/live) live no longer than the session that opened them: logout, an
// administrator's block, a password reset and expiry end the stream, on every instance; and one
// member holds at most a few streams per instance. Read over real HTTP, as a browser reads them.
import crypto from 'node:crypto';
import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LiveEvent } from '../../contract/notifications.js';
import { apiPath, api } from '../../contract/paths.js';
import { buildApp, type App } from '../app.js';
import { openDatabase, type Database } from '../db/client.js';
import { sessions } from '../db/schema.js';
import { hashToken } from '../modules/auth/auth.guard.js';
import { maxStreamsPerMember } from '../modules/live/live.routes.js';
import { createLiveHub, type LiveHub } from '../platform/live.js';
import { createAdmin, createMember, signIn } from '../test/factories.js';
import { bearer, lastCode, until, withApp } from '../test/harness.js';

const ctx = withApp();
let baseUrl: string;
const onPostgres = Boolean(process.env.DATABASE_URL);

beforeAll(async () => {
  baseUrl = await ctx.app.listen({ port: 0, host: '127.0.0.1' });
});

async function member(input: { email?: string; password?: string } = {}) {
  const user = await createMember(ctx.db, input);
  return { ...user, token: await signIn(ctx.db, user.id) };
}

interface Stream {
  status: number;
  text: string;
  ended: boolean;
  close(): void;
}

/**
 * Opens GET /v1/live over one plain HTTP connection (fetch would keep a spare socket open that
 * delays the server's close) and resolves once the server has sent the `connected` comment.
 */
function openStream(url: string, token: string) {
  return new Promise<Stream>((resolve, reject) => {
    const request = http.get(
      `${url}${apiPath(api.liveEvents)}`,
      { agent: false, headers: { accept: 'text/event-stream', ...bearer(token) } },
      (response) => {
        const stream: Stream = {
          status: response.statusCode ?? 0,
          text: '',
          ended: false,
          close: () => request.destroy(),
        };
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => {
          stream.text += chunk;
          if (stream.text.includes(': connected')) resolve(stream);
        });
        response.on('close', () => {
          stream.ended = true;
          resolve(stream);
        });
      },
    );
    request.on('error', reject);
  });
}

const eventNames = (text: string) => [...text.matchAll(/^event: (\w+)$/gm)].map((m) => m[1]);
const received = (stream: Stream, what: string) => until(() => eventNames(stream.text).includes('message'), 5000, what);

const sendMessage = (app: App, token: string, toUser: string, message: string) =>
  app.inject({ method: 'POST', url: apiPath(api.sendMessage), headers: bearer(token), payload: { message, toUser } });

/**
 * Sends a message to `to` and waits until this instance's hub has handed it out, so a stream that
 * was still subscribed would have written it by then.
 */
async function messageDelivered(hub: LiveHub, to: string) {
  const sender = await member();
  const seen: LiveEvent[] = [];
  const stop = hub.subscribe(to, (event) => seen.push(event));
  try {
    expect((await sendMessage(ctx.app, sender.token, to, 'Are you there?')).statusCode).toBe(200);
    await until(() => seen.some((e) => e.type === 'message'), 5000, 'the message on the hub');
  } finally {
    stop();
  }
}

const logout = (app: App, token: string) =>
  app.inject({ method: 'POST', url: apiPath(api.logout), headers: bearer(token) });

describe('HEAD /v1/live', () => {
  it('answers at once, and opens no stream', async () => {
    const ana = await member();
    const res = await fetch(`${baseUrl}${apiPath(api.liveEvents)}`, {
      method: 'HEAD',
      headers: bearer(ana.token),
      signal: AbortSignal.timeout(3000),
    });
    expect(res.status).toBe(404);
  });
});

describe('a stream ends with its session', () => {
  it('after logout, and no event reaches it any more', async () => {
    const ben = await member();
    const stream = await openStream(baseUrl, ben.token);
    expect(stream.status).toBe(200);
    const before = ctx.live.subscriberCount();
    await messageDelivered(ctx.live, ben.id);
    await received(stream, 'the message on the stream');

    const res = await logout(ctx.app, ben.token);
    expect(res.json()).toEqual({ status: 1, message: 'You are logged out.' });
    await until(() => stream.ended, 5000, 'the end of the stream');
    expect(ctx.live.subscriberCount()).toBe(before - 1);
    const text = stream.text;
    await messageDelivered(ctx.live, ben.id);
    expect(stream.text).toBe(text);
  });

  it('ends only the streams of the session that logged out', async () => {
    const ben = await member();
    const phone = await openStream(baseUrl, ben.token);
    const laptopToken = await signIn(ctx.db, ben.id);
    const laptop = await openStream(baseUrl, laptopToken);
    expect((await logout(ctx.app, ben.token)).statusCode).toBe(200);
    await until(() => phone.ended, 5000, 'the end of the logged-out stream');
    await messageDelivered(ctx.live, ben.id);
    await received(laptop, 'the message on the other stream');
    expect(laptop.ended).toBe(false);
    laptop.close();
  });

  it('when an administrator blocks the member', async () => {
    const ben = await member();
    const admin = await createAdmin(ctx.db);
    const adminToken = await signIn(ctx.db, admin.id);
    const stream = await openStream(baseUrl, ben.token);
    expect(stream.status).toBe(200);

    const res = await ctx.app.inject({
      method: 'POST',
      url: apiPath(api.blockUser),
      headers: bearer(adminToken),
      payload: { id: ben.id, isBlocked: true },
    });
    expect(res.json()).toMatchObject({ status: 1, data: { isBlocked: true } });
    await until(() => stream.ended, 5000, 'the end of the stream');
    // And it cannot be opened again.
    const again = await openStream(baseUrl, ben.token);
    expect(again.status).toBe(401);
  });

  it('when a password reset ends every session of the member', async () => {
    const ben = await member({
      email: `r${crypto.randomBytes(6).toString('hex')}@example.com`,
      password: 'Old-Pass-1',
    });
    const stream = await openStream(baseUrl, ben.token);
    expect(stream.status).toBe(200);

    const sent = await ctx.app.inject({
      method: 'POST',
      url: apiPath(api.forgotPassword),
      payload: { stage: 1, email: ben.email },
    });
    expect(sent.statusCode).toBe(200);
    const otpNumber = await lastCode(ctx, ben.email!);
    const res = await ctx.app.inject({
      method: 'POST',
      url: apiPath(api.resetPassword),
      payload: { email: ben.email, otpNumber, password: 'NewPass22', confirmPassword: 'NewPass22' },
    });
    expect(res.json()).toEqual({ status: 1, message: 'Password Changed Sucessfully' });
    await until(() => stream.ended, 5000, 'the end of the stream');
  });

  it('when the session expires', async () => {
    const ben = await member();
    const token = crypto.randomBytes(32).toString('base64url');
    const expiresAt = new Date(Date.now() + 1200);
    await ctx.db.insert(sessions).values({ userId: ben.id, tokenHash: hashToken(token), expiresAt });
    const stream = await openStream(baseUrl, token);
    expect(stream.status).toBe(200);
    expect(stream.ended).toBe(false);

    await until(() => stream.ended, 5000, 'the end of the stream');
    expect(Date.now()).toBeGreaterThanOrEqual(expiresAt.getTime());
    expect((await openStream(baseUrl, token)).status).toBe(401);
  });
});

describe('streams per member', () => {
  it(`a stream beyond ${maxStreamsPerMember} ends the member's oldest one; others are untouched`, async () => {
    expect(maxStreamsPerMember).toBe(5);
    const ben = await member();
    const ana = await member();
    const anaStream = await openStream(baseUrl, ana.token);
    const before = ctx.live.subscriberCount();
    const streams: Stream[] = [];
    for (let i = 0; i < 5; i++)
      streams.push(await openStream(baseUrl, i % 2 ? ben.token : await signIn(ctx.db, ben.id)));
    expect(streams.every((s) => s.status === 200 && !s.ended)).toBe(true);
    expect(ctx.live.subscriberCount()).toBe(before + 5);

    const sixth = await openStream(baseUrl, ben.token);
    expect(sixth.status).toBe(200);
    await until(() => streams[0]!.ended, 5000, 'the end of the oldest stream');
    expect(ctx.live.subscriberCount()).toBe(before + 5);
    await messageDelivered(ctx.live, ben.id);
    for (const s of [...streams.slice(1), sixth]) {
      await received(s, 'the message on each open stream');
      expect(s.ended).toBe(false);
    }
    expect(eventNames(streams[0]!.text)).not.toContain('message');
    expect(anaStream.ended).toBe(false);

    for (const s of [...streams, sixth, anaStream]) s.close();
    await until(() => ctx.live.subscriberCount() === before - 1, 3000, 'the unsubscribes');
  });
});

describe('two instances on one database', () => {
  let second: { app: App; database: Database; live: LiveHub; baseUrl: string };

  beforeAll(async () => {
    // On PostgreSQL a real second instance: its own pool and LISTEN connection. PGlite is one
    // process's database, so there the second app shares it but still has a hub of its own.
    const database = onPostgres ? await openDatabase({ url: ctx.databaseUrl! }) : ctx.database;
    const live = await createLiveHub(database, { onError: () => {} });
    const app = await buildApp({ ...ctx.app.deps, database, live });
    second = { app, database, live, baseUrl: await app.listen({ port: 0, host: '127.0.0.1' }) };
  });
  afterAll(async () => {
    await second.app.close();
    await second.live.close();
    if (onPostgres) await second.database.close();
  });

  it('a logout through instance A ends the stream open on instance B', async () => {
    const ben = await member();
    const stream = await openStream(second.baseUrl, ben.token);
    expect(stream.status).toBe(200);
    expect((await logout(ctx.app, ben.token)).statusCode).toBe(200);
    await until(() => stream.ended, 5000, 'the end of the stream on B');
    expect(second.live.subscriberCount()).toBe(0);
  });

  it('a block through instance A ends the stream open on instance B', async () => {
    const ben = await member();
    const admin = await createAdmin(ctx.db);
    const stream = await openStream(second.baseUrl, ben.token);
    expect(stream.status).toBe(200);
    const res = await ctx.app.inject({
      method: 'POST',
      url: apiPath(api.blockUser),
      headers: bearer(await signIn(ctx.db, admin.id)),
      payload: { id: ben.id, isBlocked: true },
    });
    expect(res.statusCode).toBe(200);
    await until(() => stream.ended, 5000, 'the end of the stream on B');
  });
});
