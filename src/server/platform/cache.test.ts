import { describe, expect, it } from 'vitest';
import { createCategory } from '../test/factories.js';
import { createTestContext } from '../test/harness.js';
import { ReadCache } from './cache.js';

describe('ReadCache', () => {
  it('shares one load between concurrent misses and keeps it for the TTL', async () => {
    const cache = new ReadCache(60_000);
    let loads = 0;
    const load = async () => ++loads;
    const [a, b] = await Promise.all([cache.get('k', load), cache.get('k', load)]);
    expect([a, b, loads]).toEqual([1, 1, 1]);
    expect(await cache.get('k', load)).toBe(1);
    cache.invalidate('k');
    expect(await cache.get('k', load)).toBe(2);
  });

  it('keeps at most maxEntries keys, forgetting the oldest first', async () => {
    const cache = new ReadCache(60_000, 2);
    let loads = 0;
    const load = async () => ++loads;
    await cache.get('a', load);
    await cache.get('b', load);
    await cache.get('c', load);
    expect(await cache.get('b', load)).toBe(2);
    expect(await cache.get('c', load)).toBe(3);
    expect(await cache.get('a', load)).toBe(4);
  });

  it('does not remember a failed load', async () => {
    const cache = new ReadCache(60_000);
    await expect(cache.get('k', async () => Promise.reject(new Error('down')))).rejects.toThrow('down');
    expect(await cache.get('k', async () => 'up')).toBe('up');
  });

  it('serves catalogue reads from memory for the configured time', async () => {
    const ctx = await createTestContext({ CATALOGUE_CACHE_MS: '60000' });
    try {
      await createCategory(ctx.db, { title: 'Cleaning' });
      const first = await ctx.app.inject({ method: 'GET', url: '/v1/services/servicelisting' });
      expect(first.headers['content-type']).toMatch(/application\/json/);
      expect(first.json().data.map((c: { title: string }) => c.title)).toEqual(['Cleaning']);
      await createCategory(ctx.db, { title: 'Beauty' });
      const cached = await ctx.app.inject({ method: 'GET', url: '/v1/services/servicelisting' });
      expect(cached.body).toBe(first.body);
      ctx.app.readCache.invalidate();
      const fresh = await ctx.app.inject({ method: 'GET', url: '/v1/services/servicelisting' });
      expect(fresh.json().data.map((c: { title: string }) => c.title)).toEqual(['Beauty', 'Cleaning']);
    } finally {
      await ctx.close();
    }
  });
});
