// Rate limits as an attacker meets them: parallel password guessing, code pumping with a forged
// X-Forwarded-For, write floods; counters shared by every instance (database or Redis).
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serverError } from '../../contract/messages.js';
import { api } from '../../contract/paths.js';
import { buildApp, type App } from '../app.js';
import { openDatabase } from '../db/client.js';
import { rateLimits, supportMessages, users } from '../db/schema.js';
import { purgeExpiredLimits } from '../platform/rate-limit.js';
import { bearer, createTestContext, type TestContext, clientAddress } from '../test/harness.js';
import { createAdmin, createMember, signIn, uniquePhone } from '../test/factories.js';

const v1 = (path: string) => `${api.prefix}${path}`;

describe('password sign-in', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext({ SIGNIN_FAILURES_PER_ACCOUNT_ALL: '20' });
  });
  afterAll(() => ctx.close());

  it('checks at most the allowed wrong passwords of 300 parallel ones from as many addresses, then refuses even the right one', async () => {
    const admin = await createAdmin(ctx.db, { password: 'Right-Pass-1' });
    const answers = await Promise.all(
      Array.from({ length: 300 }, (_, i) =>
        ctx.app.inject({
          method: 'POST',
          url: v1(api.adminLogin),
          remoteAddress: clientAddress(),
          payload: { email: admin.email, password: `wrong-${i}` },
        }),
      ),
    );
    const checked = answers.filter((res) => res.statusCode === 401).length;
    const refused = answers.filter((res) => res.statusCode === 429);
    expect(checked).toBe(ctx.config.SIGNIN_FAILURES_PER_ACCOUNT_ALL);
    expect(refused).toHaveLength(300 - checked);
    expect(refused[0]!.json().message).toBe(serverError.tooManySignins);
    expect(Number(refused[0]!.headers['retry-after'])).toBeGreaterThan(0);

    const right = await ctx.app.inject({
      method: 'POST',
      url: v1(api.adminLogin),
      remoteAddress: clientAddress(),
      payload: { email: admin.email, password: 'Right-Pass-1' },
    });
    expect(right.statusCode).toBe(429);
  });

  it('doubles the wait for every refused try past the limit of one address', async () => {
    const admin = await createAdmin(ctx.db);
    const from = clientAddress();
    const waits: number[] = [];
    for (let i = 0; i < ctx.config.SIGNIN_FAILURES_PER_ACCOUNT + 3; i++) {
      const res = await ctx.app.inject({
        method: 'POST',
        url: v1(api.adminLogin),
        remoteAddress: from,
        payload: { email: admin.email, password: 'nope' },
      });
      if (res.statusCode === 429) waits.push(Number(res.headers['retry-after']));
    }
    expect(waits).toHaveLength(3);
    expect(waits[1]!).toBeGreaterThanOrEqual(waits[0]! * 2 - 1);
    expect(waits[2]!).toBeGreaterThanOrEqual(waits[1]! * 2 - 1);
  });

  it('does not count successful sign-ins', async () => {
    const admin = await createAdmin(ctx.db, { password: 'Right-Pass-1' });
    const from = clientAddress();
    for (let i = 0; i < ctx.config.SIGNIN_FAILURES_PER_ACCOUNT + 5; i++) {
      const res = await ctx.app.inject({
        method: 'POST',
        url: v1(api.adminLogin),
        remoteAddress: from,
        payload: { email: admin.email, password: 'Right-Pass-1' },
      });
      expect(res.statusCode).toBe(200);
    }
  });

  it('limits wrong member passwords per account too, and wrong passwords per address across accounts', async () => {
    const member = await createMember(ctx.db, { password: 'Member-Pass-1' });
    const attempts = await Promise.all(
      Array.from({ length: 40 }, () =>
        ctx.app.inject({
          method: 'POST',
          url: v1(api.emailLogin),
          remoteAddress: clientAddress(),
          payload: { email: member.email, password: 'Wrong-Pass-1' },
        }),
      ),
    );
    expect(attempts.filter((res) => res.statusCode === 401)).toHaveLength(ctx.config.SIGNIN_FAILURES_PER_ACCOUNT_ALL);

    const from = clientAddress();
    const spread = await Promise.all(
      Array.from({ length: ctx.config.SIGNIN_FAILURES_PER_IP + 10 }, (_, i) =>
        ctx.app.inject({
          method: 'POST',
          url: v1(api.emailLogin),
          remoteAddress: from,
          payload: { email: `nobody${i}@example.com`, password: 'Wrong-Pass-1' },
        }),
      ),
    );
    expect(spread.filter((res) => res.statusCode === 401)).toHaveLength(ctx.config.SIGNIN_FAILURES_PER_IP);
    expect(spread.filter((res) => res.statusCode === 429)).toHaveLength(10);
  });
});

describe('code sends', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext({ SMS_PER_HOUR: '80' });
  });
  afterAll(() => ctx.close());

  const signup = (phone: string, headers: Record<string, string> = {}, remoteAddress = '127.0.0.1') =>
    ctx.app.inject({
      method: 'POST',
      url: v1(api.memberSignup),
      remoteAddress,
      headers,
      payload: { name: 'Pump', email: `${phone}@example.com`, phone },
    });

  it('ignores a forged X-Forwarded-For: 60 sign-ups from one socket send at most the per-address budget and write no more rows', async () => {
    const from = clientAddress();
    const phones = Array.from({ length: 60 }, () => uniquePhone());
    const answers = [];
    for (const [i, phone] of phones.entries())
      answers.push(await signup(phone, { 'x-forwarded-for': `203.0.113.${i + 1}` }, from));
    expect(answers.filter((res) => res.statusCode === 200)).toHaveLength(ctx.config.CODE_SENDS_PER_IP);
    const refused = answers.filter((res) => res.statusCode === 429);
    expect(refused).toHaveLength(60 - ctx.config.CODE_SENDS_PER_IP);
    expect(refused[0]!.json().message).toBe(serverError.tooManyCodes);
    expect(Number(refused[0]!.headers['retry-after'])).toBeGreaterThan(0);
    const [rows] = await ctx.db.select({ n: count() }).from(users).where(eq(users.name, 'Pump'));
    expect(rows!.n).toBe(ctx.config.CODE_SENDS_PER_IP);
  });

  it('believes X-Forwarded-For from a proxy named by TRUST_PROXY', async () => {
    const proxied = await createTestContext({ TRUST_PROXY: '127.0.0.1' });
    try {
      const answers = [];
      for (let i = 0; i < 40; i++) {
        const phone = uniquePhone();
        answers.push(
          await proxied.app.inject({
            method: 'POST',
            url: v1(api.memberSignup),
            remoteAddress: '127.0.0.1',
            headers: { 'x-forwarded-for': `198.51.100.${i + 1}` },
            payload: { name: 'Proxied', email: `${phone}@example.com`, phone },
          }),
        );
      }
      expect(answers.every((res) => res.statusCode === 200)).toBe(true);
    } finally {
      await proxied.close();
    }
  });

  it('sends one phone at most the per-target budget, whichever route asks', async () => {
    const phone = uniquePhone();
    const answers = [];
    for (let i = 0; i < ctx.config.CODE_SENDS_PER_TARGET + 2; i++)
      answers.push(await signup(phone, {}, clientAddress()));
    expect(answers.filter((res) => res.statusCode === 200)).toHaveLength(ctx.config.CODE_SENDS_PER_TARGET);
    expect(answers.at(-1)!.statusCode).toBe(429);
  });

  it('stops all texts when the hourly budget of the service is spent', async () => {
    let sent = 0;
    let last = 200;
    for (let i = 0; i < 120 && last !== 429; i++) {
      const res = await signup(uniquePhone(), {}, clientAddress());
      last = res.statusCode;
      if (res.statusCode === 200) sent++;
    }
    expect(last).toBe(429);
    // The earlier tests of this file spent part of the same budget.
    expect(sent).toBeLessThanOrEqual(80);
  });
});

describe('member writes', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext();
  });
  afterAll(() => ctx.close());

  it('takes at most five contact messages an hour from one address, and stores no more', async () => {
    const from = clientAddress();
    const answers = [];
    for (let i = 0; i < 8; i++) {
      answers.push(
        await ctx.app.inject({
          method: 'POST',
          url: v1(api.contact),
          remoteAddress: from,
          payload: { name: 'Flood', email: 'flood@example.com', message: `hello ${i}` },
        }),
      );
    }
    expect(answers.map((res) => res.statusCode)).toEqual([200, 200, 200, 200, 200, 429, 429, 429]);
    expect(answers[5]!.json().message).toBe(serverError.tooManyRequests);
    const [rows] = await ctx.db
      .select({ n: count() })
      .from(supportMessages)
      .where(eq(supportMessages.email, 'flood@example.com'));
    expect(rows!.n).toBe(5);
  });

  it('takes at most 30 messages a minute from one member, wherever they come from', async () => {
    const sender = await createMember(ctx.db);
    const receiver = await createMember(ctx.db);
    const token = await signIn(ctx.db, sender.id);
    const answers = await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        ctx.app.inject({
          method: 'POST',
          url: v1(api.sendMessage),
          remoteAddress: clientAddress(),
          headers: bearer(token),
          payload: { toUser: receiver.id, message: `m${i}` },
        }),
      ),
    );
    expect(answers.filter((res) => res.statusCode === 200)).toHaveLength(30);
    expect(answers.filter((res) => res.statusCode === 429)).toHaveLength(10);
  });

  it('limits every other write of a member by a default budget', async () => {
    const member = await createMember(ctx.db);
    const token = await signIn(ctx.db, member.id);
    const answers = await Promise.all(
      Array.from({ length: 130 }, () =>
        ctx.app.inject({
          method: 'POST',
          url: v1(api.notificationsRead),
          remoteAddress: clientAddress(),
          headers: bearer(token),
          payload: {},
        }),
      ),
    );
    expect(answers.filter((res) => res.statusCode === 429)).toHaveLength(10);
  });
});

describe('housekeeping', () => {
  it('purges counters whose window has passed and keeps running ones', async () => {
    const ctx = await createTestContext();
    try {
      const now = new Date();
      await ctx.db.insert(rateLimits).values([
        { key: 'old:ip:1', hits: 3, expiresAt: new Date(now.getTime() - 1000) },
        { key: 'running:ip:1', hits: 3, expiresAt: new Date(now.getTime() + 60_000) },
      ]);
      expect(await purgeExpiredLimits(ctx.db, now)).toBe(1);
      expect((await ctx.db.select({ key: rateLimits.key }).from(rateLimits)).map((row) => row.key)).toEqual([
        'running:ip:1',
      ]);
    } finally {
      await ctx.close();
    }
  });
});

describe('counters shared by instances', () => {
  it('counts one phone across two instances on one database', async () => {
    const ctx = await createTestContext();
    const database = ctx.databaseUrl ? await openDatabase({ url: ctx.databaseUrl }) : ctx.database;
    const second: App = await buildApp({ ...ctx.app.deps, database });
    try {
      const phone = uniquePhone();
      const statuses = [];
      for (let i = 0; i < ctx.config.CODE_SENDS_PER_TARGET + 1; i++) {
        const app = i % 2 === 0 ? ctx.app : second;
        const res = await app.inject({
          method: 'POST',
          url: v1(api.memberSignup),
          remoteAddress: clientAddress(),
          payload: { name: 'Twice', email: `${phone}@example.com`, phone },
        });
        statuses.push(res.statusCode);
      }
      expect(statuses.at(-1)).toBe(429);
      expect(statuses.filter((status) => status === 200)).toHaveLength(ctx.config.CODE_SENDS_PER_TARGET);
    } finally {
      await second.close();
      if (database !== ctx.database) await database.close();
      await ctx.close();
    }
  });

  it('keeps the counters in Redis when REDIS_URL is set, shared by both instances', async () => {
    const env = { REDIS_URL: process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379' };
    const a = await createTestContext(env);
    const b = await createTestContext(env);
    try {
      const phone = uniquePhone();
      const statuses = [];
      for (let i = 0; i < a.config.CODE_SENDS_PER_TARGET + 1; i++) {
        const ctx = i % 2 === 0 ? a : b;
        const res = await ctx.app.inject({
          method: 'POST',
          url: v1(api.memberSignup),
          remoteAddress: clientAddress(),
          payload: { name: 'Redis', email: `${phone}@example.com`, phone },
        });
        statuses.push(res.statusCode);
      }
      expect(statuses.filter((status) => status === 200)).toHaveLength(a.config.CODE_SENDS_PER_TARGET);
      expect(statuses.at(-1)).toBe(429);
    } finally {
      await a.close();
      await b.close();
    }
  });
});
