// GET /v1/ready: what a load balancer reads to decide whether to send this instance traffic.
import { describe, expect, it } from 'vitest';
import { notReadyText } from '../../contract/messages.js';
import { buildApp, type App } from '../app.js';
import { openDatabase, type Database } from '../db/client.js';
import { withApp } from '../test/harness.js';

const ctx = withApp();

/** Another app on the file's services, with some of them replaced. */
async function appWith(replaced: Partial<App['deps']>): Promise<App> {
  const app = await buildApp({ ...ctx.app.deps, ...replaced });
  await app.ready();
  return app;
}

const ready = (app: App) => app.inject({ method: 'GET', url: '/v1/ready' });

function expectNotReady(res: Awaited<ReturnType<typeof ready>>, check: keyof typeof notReadyText) {
  expect(res.statusCode).toBe(503);
  expect(res.json()).toEqual({
    status: 0,
    code: 'unavailable',
    message: notReadyText[check],
    errors: { [check]: notReadyText[check] },
    requestId: res.headers['x-request-id'],
  });
}

describe('GET /v1/ready', () => {
  it('answers 200 when the database answers, is migrated and the queue runs', async () => {
    const res = await ready(ctx.app);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 1 });
    // Again: the migrations, once seen applied, are not read again, and the answer holds.
    expect((await ready(ctx.app)).statusCode).toBe(200);
    // Like every answer, with the security headers; and described in the API document.
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    const docs = await ctx.app.inject({ method: 'GET', url: '/docs/json' });
    expect(Object.keys(docs.json().paths)).toContain('/v1/ready');
  });

  it('answers 503 naming the database when it does not answer', async () => {
    // A database of this app's own, closed under it.
    const database = await openDatabase(ctx.databaseUrl ? { url: ctx.databaseUrl } : { memory: true });
    await database.migrate();
    const app = await appWith({ database });
    try {
      expect((await ready(app)).statusCode).toBe(200);
      await database.close();
      expectNotReady(await ready(app), 'database');
      // The process itself still answers.
      expect((await app.inject({ method: 'GET', url: '/v1/health' })).statusCode).toBe(200);
    } finally {
      await app.close();
    }
  });

  it('answers 503 naming the migrations on a database they were not applied to', async () => {
    const database: Database = await openDatabase({ memory: true });
    const app = await appWith({ database });
    try {
      expectNotReady(await ready(app), 'migrations');
    } finally {
      await app.close();
      await database.close();
    }
  });

  it('answers 503 naming the queue when it is not running', async () => {
    const jobs = Object.create(ctx.app.deps.jobs, { running: { value: false } }) as App['deps']['jobs'];
    const app = await appWith({ jobs });
    try {
      expectNotReady(await ready(app), 'queue');
    } finally {
      await app.close();
    }
  });

  it('answers 503 once shutdown has begun', async () => {
    const app = await appWith({});
    try {
      expect((await ready(app)).statusCode).toBe(200);
      app.beginShutdown();
      expectNotReady(await ready(app), 'shutdown');
    } finally {
      await app.close();
    }
  });
});
