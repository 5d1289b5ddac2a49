// A search over its time (SEARCH_TIMEOUT_MS) is cancelled by PostgreSQL and answered 503 with a
// message and Retry-After, and the next one is served. The search is held up by a lock on the
// read model (statement_timeout counts lock waits too), so the test does not race the clock.
// PGlite cannot cancel a statement on a timer: PostgreSQL only.
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { providerText } from '../../../contract/messages.js';
import { createCategory, createProvider } from '../../test/factories.js';
import { createTestContext, injectAs, type TestContext } from '../../test/harness.js';

let ctx: TestContext;
const { get } = injectAs(() => ctx);

describe.skipIf(!process.env.DATABASE_URL)('a search over its time (PostgreSQL)', () => {
  beforeAll(async () => {
    ctx = await createTestContext({ SEARCH_TIMEOUT_MS: '300' });
    const plumbing = await createCategory(ctx.db, { title: 'Plumbing' });
    await createProvider(ctx.db, { name: 'Ada Pipes', categoryIds: [plumbing.id] });
  });
  afterAll(async () => {
    await ctx?.close();
  });

  it('answers 503 with a message and Retry-After, and serves the next search', async () => {
    const holder = new pg.Client({ connectionString: ctx.databaseUrl });
    await holder.connect();
    try {
      await holder.query('begin');
      await holder.query('lock table provider_search in access exclusive mode');
      for (const url of ['/v1/services/search?text=ada', '/v1/services/suggest?text=ada']) {
        const started = performance.now();
        const res = await get(url);
        expect(res.statusCode, res.body).toBe(503);
        expect(res.json()).toMatchObject({ status: 0, message: providerText.searchTimedOut });
        expect(res.headers['retry-after']).toBe('2');
        expect(performance.now() - started).toBeLessThan(5_000);
      }
      await holder.query('rollback');
    } finally {
      await holder.end();
    }
    const res = await get('/v1/services/search?text=ada');
    expect(res.statusCode).toBe(200);
    expect(res.json().data.map((item: { user_id: { name: string } }) => item.user_id.name)).toEqual(['Ada Pipes']);
  });
});
