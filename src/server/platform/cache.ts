import type { FastifyReply } from 'fastify';
import type { z } from 'zod';

// A short-lived cache for public reads that every visitor asks for at once (the home page's
// catalogue). Concurrent misses share one load, so a burst of visitors costs one query. Each
// server instance keeps its own copy for a few seconds: nothing here is state that must be shared.
export class ReadCache {
  private readonly entries = new Map<string, { expires: number; value: Promise<unknown> }>();

  /** `maxEntries`: keys that come from the request (a page's URL) must not grow it without end. */
  constructor(
    private readonly ttlMs: number,
    private readonly maxEntries = Infinity,
  ) {}

  get<T>(key: string, load: () => Promise<T>): Promise<T> {
    if (this.ttlMs <= 0) return load();
    const now = Date.now();
    const hit = this.entries.get(key);
    if (hit && hit.expires > now) return hit.value as Promise<T>;
    const value = load();
    // The oldest entry goes first (a Map keeps its keys in the order they were set).
    const oldest = this.entries.keys().next();
    if (!hit && this.entries.size >= this.maxEntries && !oldest.done) this.entries.delete(oldest.value);
    this.entries.set(key, { expires: now + this.ttlMs, value });
    // A failed load is not remembered.
    value.catch(() => this.entries.delete(key));
    return value;
  }

  /** Forget every entry whose key starts with `prefix` (after a write that changes them). */
  invalidate(prefix = '') {
    for (const key of this.entries.keys()) if (key.startsWith(prefix)) this.entries.delete(key);
  }
}

/**
 * Answers from the cache with the JSON text itself, so a hit costs neither a query nor a
 * serialisation; the schema still checks (and shapes) what is stored, once per load.
 */
export async function sendCached<S extends z.ZodType>(
  reply: FastifyReply,
  cache: ReadCache,
  key: string,
  schema: S,
  load: () => Promise<z.output<S>>,
) {
  const json = await cache.get(key, async () => JSON.stringify(schema.encode(await load())));
  return reply
    .type('application/json; charset=utf-8')
    .serializer((payload) => payload as string)
    .send(json);
}
