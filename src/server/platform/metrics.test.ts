// GET /metrics: what a Prometheus scraper reads, and who may read it.
import crypto from 'node:crypto';
import http from 'node:http';
import Fastify from 'fastify';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { serverError } from '../../contract/messages.js';
import { createMember, signIn } from '../test/factories.js';
import { bearer, createTestContext, until, withApp } from '../test/harness.js';
import { isPrivateAddress, metrics, unmatchedRoute, type QueueHealth } from './metrics.js';

const onPostgres = Boolean(process.env.DATABASE_URL);

const ctx = withApp();

interface Sample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

/** The samples of a Prometheus text answer (`name{a="b"} 1`), comments left out. */
function parseSamples(text: string): Sample[] {
  const samples: Sample[] = [];
  for (const line of text.split('\n')) {
    const match = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!match) continue;
    const [, name = '', labelText = '', value = ''] = match;
    const labels: Record<string, string> = {};
    for (const pair of labelText.matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)) labels[pair[1] ?? ''] = pair[2] ?? '';
    samples.push({ name, labels, value: Number(value) });
  }
  return samples;
}

async function scrape(app = ctx.app, headers: Record<string, string> = {}) {
  const res = await app.inject({ method: 'GET', url: '/metrics', headers });
  expect(res.statusCode, res.body).toBe(200);
  return { text: res.body, samples: parseSamples(res.body), contentType: res.headers['content-type'] };
}

const valueOf = (samples: Sample[], name: string, labels: Record<string, string> = {}) =>
  samples.find((s) => s.name === name && Object.entries(labels).every(([k, v]) => s.labels[k] === v))?.value;

describe('GET /metrics', () => {
  it('counts a request under its route pattern, never its URL', async () => {
    const id = crypto.randomUUID();
    const res = await ctx.app.inject({ method: 'GET', url: `/v1/services/provider/${id}` });
    const labels = { method: 'GET', route: '/v1/services/provider/:id', status_code: String(res.statusCode) };
    const missing = await ctx.app.inject({ method: 'GET', url: `/v1/no-such-thing/${id}` });
    expect(missing.statusCode).toBe(404);

    const { text, samples, contentType } = await scrape();
    expect(contentType).toMatch(/^text\/plain; version=0\.0\.4/);
    expect(valueOf(samples, 'doorstep_http_requests_total', labels)).toBe(1);
    expect(valueOf(samples, 'doorstep_http_request_duration_seconds_count', labels)).toBe(1);
    expect(
      valueOf(samples, 'doorstep_http_requests_total', { route: unmatchedRoute, status_code: '404' }),
    ).toBeGreaterThanOrEqual(1);
    // Neither URL became a label value.
    expect(text).not.toContain(id);

    await ctx.app.inject({ method: 'GET', url: `/v1/services/provider/${crypto.randomUUID()}` });
    expect(valueOf((await scrape()).samples, 'doorstep_http_requests_total', labels)).toBe(2);
  });

  it('reports open live streams and the process', async () => {
    const before = valueOf((await scrape()).samples, 'doorstep_live_streams_open');
    expect(before).toBe(ctx.live.subscriberCount());
    const stop = ctx.live.subscribe(crypto.randomUUID(), () => {});
    const { samples } = await scrape();
    stop();
    expect(valueOf(samples, 'doorstep_live_streams_open')).toBe(ctx.live.subscriberCount() + 1);
    expect(valueOf(samples, 'process_resident_memory_bytes')).toBeGreaterThan(0);
    expect(valueOf(samples, 'nodejs_heap_size_used_bytes')).toBeGreaterThan(0);
  });

  it('counts a live stream once it ends, without timing it', async () => {
    const member = await createMember(ctx.db);
    const token = await signIn(ctx.db, member.id);
    const base = await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    const labels = { method: 'GET', route: '/v1/live', status_code: '200' };
    await new Promise<void>((resolve, reject) => {
      const request = http.get(`${base}/v1/live`, { agent: false, headers: bearer(token) }, (response) => {
        expect(response.statusCode).toBe(200);
        expect(response.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
        response.once('data', () => {
          request.destroy();
          resolve();
        });
      });
      request.on('error', reject);
    });
    await until(async () => valueOf((await scrape()).samples, 'doorstep_http_requests_total', labels) === 1);
    const { samples } = await scrape();
    expect(valueOf(samples, 'doorstep_http_request_duration_seconds_count', labels)).toBeUndefined();
  });

  it('reports the job queue', async () => {
    const { samples } = await scrape();
    expect(valueOf(samples, 'doorstep_job_queue_depth')).toBeGreaterThanOrEqual(0);
    expect(valueOf(samples, 'doorstep_job_queue_failed_total')).toBe(0);
  });

  it.skipIf(onPostgres)('counts the embedded database as one connection in use', async () => {
    const { samples } = await scrape();
    expect(valueOf(samples, 'doorstep_db_pool_in_use')).toBe(1);
    expect(valueOf(samples, 'doorstep_db_pool_idle')).toBe(0);
    expect(valueOf(samples, 'doorstep_db_pool_waiting')).toBe(0);
  });

  it.skipIf(!onPostgres)('reports the PostgreSQL pool: in use, idle and waiting', async () => {
    // The app's own pool first: connections held here show as in use.
    const appPool = ctx.database.pool;
    if (!appPool) throw new Error('no pool on PostgreSQL');
    const before = valueOf((await scrape()).samples, 'doorstep_db_pool_in_use') ?? 0;
    const mine = [await appPool.connect(), await appPool.connect()];
    try {
      expect(valueOf((await scrape()).samples, 'doorstep_db_pool_in_use')).toBeGreaterThanOrEqual(before + 2);
    } finally {
      for (const client of mine) client.release();
    }

    // Then a pool of two that nothing else uses, to see every state exactly.
    const pool = new pg.Pool({ connectionString: ctx.databaseUrl, max: 2 });
    const app = Fastify();
    await app.register(metrics, {
      database: { kind: 'postgres', pool } as never,
      live: { subscriberCount: () => 0 } as never,
    });
    const read = async () => parseSamples((await app.inject({ method: 'GET', url: '/metrics' })).body);
    try {
      const held = [await pool.connect(), await pool.connect()];
      const waiting = pool.connect();
      const busy = await read();
      expect(valueOf(busy, 'doorstep_db_pool_in_use')).toBe(2);
      expect(valueOf(busy, 'doorstep_db_pool_idle')).toBe(0);
      expect(valueOf(busy, 'doorstep_db_pool_waiting')).toBe(1);
      for (const client of held) client.release();
      (await waiting).release();
      const calm = await read();
      expect(valueOf(calm, 'doorstep_db_pool_in_use')).toBe(0);
      expect(valueOf(calm, 'doorstep_db_pool_idle')).toBe(2);
      expect(valueOf(calm, 'doorstep_db_pool_waiting')).toBe(0);
    } finally {
      await app.close();
      await pool.end();
    }
  });
});

describe('who may read /metrics', () => {
  it('without METRICS_TOKEN: loopback and private addresses only', async () => {
    for (const remoteAddress of ['127.0.0.1', '10.1.2.3', '172.20.0.5', '192.168.1.9', '::1', '::ffff:10.0.0.7']) {
      const res = await ctx.app.inject({ method: 'GET', url: '/metrics', remoteAddress });
      expect(res.statusCode, remoteAddress).toBe(200);
    }
    for (const remoteAddress of ['203.0.113.7', '8.8.8.8', '172.32.0.1', '2001:db8::1', '::ffff:8.8.4.4']) {
      const res = await ctx.app.inject({ method: 'GET', url: '/metrics', remoteAddress });
      expect(res.statusCode, remoteAddress).toBe(403);
      expect(res.json()).toEqual({
        status: 0,
        code: 'forbidden',
        message: serverError.forbidden,
        requestId: res.headers['x-request-id'],
      });
      expect(res.body).not.toContain('doorstep_http');
    }
  });

  it('behind a trusted proxy, judges the forwarded client address', async () => {
    const proxied = await createTestContext({ TRUST_PROXY: '1' });
    try {
      const send = (forwardedFor: string) =>
        proxied.app.inject({
          method: 'GET',
          url: '/metrics',
          remoteAddress: '10.0.0.2',
          headers: { 'x-forwarded-for': forwardedFor },
        });
      expect((await send('203.0.113.7')).statusCode).toBe(403);
      expect((await send('10.0.0.9')).statusCode).toBe(200);
    } finally {
      await proxied.close();
    }
  });

  it('with METRICS_TOKEN: that bearer token, from any address', async () => {
    const token = 'scrape-' + crypto.randomBytes(16).toString('hex');
    const guarded = await createTestContext({ METRICS_TOKEN: token });
    try {
      const send = (headers: Record<string, string>, remoteAddress = '127.0.0.1') =>
        guarded.app.inject({ method: 'GET', url: '/metrics', headers, remoteAddress });
      for (const headers of [{}, bearer('wrong-token-of-some-length'), bearer(token + 'x'), { authorization: token }]) {
        const res = await send(headers);
        expect(res.statusCode).toBe(401);
        expect(res.json()).toMatchObject({ status: 0, message: serverError.unauthorized });
      }
      const ok = await send(bearer(token), '203.0.113.7');
      expect(ok.statusCode).toBe(200);
      expect(ok.body).toContain('doorstep_http_requests_total');
    } finally {
      await guarded.close();
    }
  });

  it('classifies addresses', () => {
    expect(isPrivateAddress('127.0.0.1')).toBe(true);
    expect(isPrivateAddress('fd12:3456::1')).toBe(true);
    expect(isPrivateAddress('100.64.0.1')).toBe(false);
    expect(isPrivateAddress('not an address')).toBe(false);
  });
});

describe('a client that gives up', () => {
  it('is counted once as 499 under its route, and not timed', async () => {
    const app = Fastify();
    await app.register(metrics, { database: { kind: 'pglite' } as never, live: { subscriberCount: () => 0 } as never });
    let started = () => {};
    const inHandler = new Promise<void>((resolve) => (started = resolve));
    app.get('/slow/:id', async () => {
      started();
      await new Promise((resolve) => setTimeout(resolve, 300));
      return { ok: true };
    });
    const base = await app.listen({ port: 0, host: '127.0.0.1' });
    try {
      const request = http.get(`${base}/slow/7`, { agent: false });
      request.on('error', () => {});
      await inHandler;
      request.destroy();
      const labels = { method: 'GET', route: '/slow/:id', status_code: '499' };
      const read = async () => parseSamples((await app.inject({ method: 'GET', url: '/metrics' })).body);
      await until(async () => valueOf(await read(), 'doorstep_http_requests_total', labels) === 1);
      // The handler's late answer does not count the request a second time.
      await new Promise((resolve) => setTimeout(resolve, 400));
      const samples = await read();
      expect(samples.filter((sample) => sample.labels.route === '/slow/:id').map((sample) => sample.name)).toEqual([
        'doorstep_http_requests_total',
      ]);
    } finally {
      await app.close();
    }
  });
});

describe('the job queue collector', () => {
  it('reads depth and failures at each scrape; a queue that does not answer reads NaN', async () => {
    // The embedded engine's shape: no pool.
    const database = { kind: 'pglite' } as never;
    let depth = 4;
    let broken = false;
    const queue: QueueHealth = {
      depth: async () => {
        if (broken) throw new Error('queue down');
        return depth;
      },
      failed: () => 2,
      running: true,
    };
    const live = { subscriberCount: () => 0 } as never;
    const app = Fastify();
    await app.register(metrics, { database, live, queue });
    try {
      const read = async () => parseSamples((await app.inject({ method: 'GET', url: '/metrics' })).body);
      expect(valueOf(await read(), 'doorstep_job_queue_depth')).toBe(4);
      depth = 7;
      const second = await read();
      expect(valueOf(second, 'doorstep_job_queue_depth')).toBe(7);
      expect(valueOf(second, 'doorstep_job_queue_failed_total')).toBe(2);
      broken = true;
      const third = await read();
      expect(valueOf(third, 'doorstep_job_queue_depth')).toBeNaN();
      expect(valueOf(third, 'doorstep_live_streams_open')).toBe(0);
    } finally {
      await app.close();
    }
  });

  it('two apps in one process keep their own counts', async () => {
    const other = await createTestContext();
    try {
      await other.app.inject({ method: 'GET', url: '/v1/health' });
      await other.app.inject({ method: 'GET', url: '/v1/health' });
      const labels = { method: 'GET', route: '/v1/health', status_code: '200' };
      expect(valueOf((await scrape(other.app)).samples, 'doorstep_http_requests_total', labels)).toBe(2);
      expect(valueOf((await scrape()).samples, 'doorstep_http_requests_total', labels)).toBeUndefined();
    } finally {
      await other.close();
    }
  });
});
