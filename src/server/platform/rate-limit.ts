// Rate limits shared by every instance. Counting is @fastify/rate-limit's; its store is the app's
// own database (PostgreSQL, or PGlite when embedded) or Redis when REDIS_URL is set, so all
// instances see one count. A route declares its limits next to itself in `config.limits`; every
// other non-GET route gets the default write limits. Limits run in preHandler — after the caller
// is known and the input is valid, before the handler writes anything — in the declared order,
// stopping at the first one exceeded, and answer 429 with Retry-After.
import rateLimitPlugin, { type RateLimitOptions as PluginLimitOptions } from '@fastify/rate-limit';
import type { FastifyInstance, FastifyReply, FastifyRequest, RouteOptions } from 'fastify';
import fp from 'fastify-plugin';
import { lt, sql } from 'drizzle-orm';
import type { Redis } from 'ioredis';
import { serverError } from '../../contract/messages.js';
import { execute, type Db } from '../db/client.js';
import { rateLimits } from '../db/schema.js';
import { AppError } from '../errors.js';

export interface Limit {
  /** The counter's name; the stored key is `<name>:<key>`. */
  name: string;
  max: number;
  /** Milliseconds, or a duration such as '15 minutes'. */
  window: number | string;
  /** What one counter counts (an address, a member, a phone…); undefined skips this limit. */
  key: (request: FastifyRequest) => string | undefined;
  /**
   * Which requests the counter keeps: every one (the default); only refused ones (`failures`: a
   * 2xx answer gives its hit back); or only those that sent a text or mail (`sends`: a request
   * that sent nothing gives its hit back, so sends that reach no one spend no shared budget).
   */
  counts?: 'every' | 'failures' | 'sends';
  /** Each hit past the limit doubles the wait. */
  backoff?: boolean;
  message?: string;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** This route's limits, checked in order. */
    limits?: Limit[];
  }
}

type Callback = (error: Error | null, result?: { current: number; ttl: number }) => void;

/** A counter store as @fastify/rate-limit calls it, plus the give-back that failure limits need. */
export interface RateStore {
  incr(key: string, callback: Callback, timeWindow: number, max: number): void;
  child(): RateStore;
  refund(key: string): Promise<void>;
  /** Ends the counter `key`, or with `prefix` every counter whose key starts with it. */
  forget(key: string, prefix?: boolean): Promise<void>;
}

const maxBackoffMs = 24 * 3_600_000;

/** Counters in the `rate_limits` table: one upsert per hit, atomic under concurrent requests. */
export function postgresStore(db: Db, backoff: boolean): RateStore {
  const store: RateStore = {
    incr(key, callback, timeWindow, max) {
      execute<{ hits: number; ttl: number }>(
        db,
        sql`
        insert into ${rateLimits} as r (key, hits, expires_at)
        values (${key}, 1, now() + ${timeWindow}::float8 * interval '1 millisecond')
        on conflict (key) do update set
          hits = case when r.expires_at <= now() then 1 else r.hits + 1 end,
          expires_at = case
            when r.expires_at <= now() then now() + ${timeWindow}::float8 * interval '1 millisecond'
            when ${backoff}::boolean and r.hits + 1 > ${max}::int
              then now() + least(${timeWindow}::float8 * power(2, r.hits - ${max}::int), ${maxBackoffMs}::float8) * interval '1 millisecond'
            else r.expires_at
          end
        returning hits, greatest(0, extract(epoch from expires_at - now()) * 1000)::float8 as ttl`,
      )
        .then(([row]) => {
          callback(null, { current: Number(row?.hits ?? 1), ttl: Number(row?.ttl ?? timeWindow) });
        })
        .catch((error: Error) => callback(error));
    },
    child: () => store,
    async refund(key) {
      await db.execute(sql`update ${rateLimits} set hits = greatest(hits - 1, 0) where key = ${key}`);
    },
    async forget(key, prefix = false) {
      await db.execute(
        sql`delete from ${rateLimits} where ${prefix ? sql`starts_with(key, ${key})` : sql`key = ${key}`}`,
      );
    },
  };
  return store;
}

/** The same counters in Redis (INCR with an expiry; past the limit the expiry doubles when asked). */
export function redisStore(redis: Redis, backoff: boolean, prefix = 'doorstep:rl:'): RateStore {
  const script = `
    local current = redis.call('INCR', KEYS[1])
    local window = tonumber(ARGV[1])
    local max = tonumber(ARGV[2])
    if current == 1 then
      redis.call('PEXPIRE', KEYS[1], window)
    elseif ARGV[3] == '1' and current > max then
      redis.call('PEXPIRE', KEYS[1], math.min(window * 2 ^ (current - max - 1), tonumber(ARGV[4])))
    end
    return {current, redis.call('PTTL', KEYS[1])}`;
  const store: RateStore = {
    incr(key, callback, timeWindow, max) {
      redis
        .eval(script, 1, prefix + key, timeWindow, max, backoff ? '1' : '0', maxBackoffMs)
        .then((result) => {
          const [current, ttl] = result as [number, number];
          callback(null, { current, ttl: Math.max(0, ttl) });
        })
        .catch((error: Error) => callback(error));
    },
    child: () => store,
    async refund(key) {
      await redis.eval(
        `if redis.call('GET', KEYS[1]) then return redis.call('DECR', KEYS[1]) end return 0`,
        1,
        prefix + key,
      );
    },
    async forget(key, keyPrefix = false) {
      if (!keyPrefix) {
        await redis.del(prefix + key);
        return;
      }
      const pattern = `${prefix}${key.replace(/[*?[\]\\]/g, '\\$&')}*`;
      for (let cursor = '0'; ;) {
        const [next, keys] = await redis.scan(cursor, 'MATCH', pattern, 'COUNT', 1000);
        if (keys.length > 0) await redis.del(...keys);
        if (next === '0') return;
        cursor = next;
      }
    },
  };
  return store;
}

/** Counters whose window has passed (an expired row is also reused by its next hit). */
export async function purgeExpiredLimits(db: Db, now: Date): Promise<number> {
  const removed = await db.delete(rateLimits).where(lt(rateLimits.expiresAt, now)).returning({ key: rateLimits.key });
  return removed.length;
}

// ---------------------------------------------------------------- declaring limits

const minute = 60_000;

/** One counter per client address (the socket's, or the proxy's forwarded one when TRUST_PROXY names it). */
export const perAddress = (name: string, max: number, window: number | string, extra: Partial<Limit> = {}): Limit => ({
  name: `${name}:ip`,
  max,
  window,
  key: (request) => request.ip,
  ...extra,
});

/** One counter per signed-in member; skipped for anonymous calls (their address limit applies). */
export const perMember = (name: string, max: number, window: number | string, extra: Partial<Limit> = {}): Limit => ({
  name: `${name}:member`,
  max,
  window,
  key: (request) => request.user?.id,
  ...extra,
});

/** A string field of the request's JSON body; undefined when missing or empty. */
function bodyString(request: FastifyRequest, field: string): string | undefined {
  const value = (request.body as Record<string, unknown> | undefined)?.[field];
  return typeof value === 'string' && value !== '' ? value : undefined;
}

/**
 * One counter per value of a body field (a phone, an email), compared case-insensitively; routes
 * that name the same thing in differently named fields share the counter.
 */
export const perBodyField = (
  name: string,
  field: string,
  max: number,
  window: number | string,
  extra: Partial<Limit> = {},
): Limit => ({
  name: `${name}:target`,
  max,
  window,
  key: (request) => bodyString(request, field)?.toLowerCase(),
  ...extra,
});

/** The same limit counted per (its key, client address): one address's failures lock only that pair. */
export const fromEachAddress = (limit: Limit, extra: Partial<Limit> = {}): Limit => ({
  ...limit,
  name: `${limit.name}+ip`,
  key: (request) => {
    const key = limit.key(request);
    return key === undefined ? undefined : `${key}|${request.ip}`;
  },
  ...extra,
});

/**
 * One counter per prefix of phone numbers: a body field's digits but the last `free`, with their
 * count. Junk numbers picked in sequence or at random in one range then share one counter.
 */
const perPhonePrefix =
  (scope: string, free: number) =>
  (...[name, field, ...rest]: Parameters<typeof perBodyField>): Limit => ({
    ...perBodyField(name, field, ...rest),
    name: `${name}:${scope}`,
    key: (request) => {
      const digits = bodyString(request, field)?.replace(/\D/g, '') ?? '';
      return digits.length > free ? `${digits.length}:${digits.slice(0, -free)}` : undefined;
    },
  });

/** A block of 10,000 numbers (all digits but the last four: a US exchange). */
export const perPhoneBlock = perPhonePrefix('block', 4);
/** An area of 10 million numbers (all digits but the last seven: a US area code, with its country). */
export const perPhoneArea = perPhonePrefix('area', 7);

/** One counter for everybody (a budget such as texts sent per hour). */
export const overall = (name: string, max: number, window: number | string, extra: Partial<Limit> = {}): Limit => ({
  name: `${name}:all`,
  max,
  window,
  key: () => 'all',
  ...extra,
});

/**
 * What every non-GET route gets besides its own limits: no member and no address writes without
 * bound, whatever the route.
 */
export const defaultWriteLimits: Limit[] = [perAddress('writes', 600, minute), perMember('writes', 120, minute)];

// ---------------------------------------------------------------- the plugin

export interface RateLimitOptions {
  db: Db;
  redis?: Redis;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** Counters this request took that may be given back when it ends (see `Limit.counts`). */
    givebacks: { key: string; counts: 'failures' | 'sends' }[] | null;
    /** Texts and mails this request wrote to the outbox; the routes that send count them. */
    messagesSent: number;
  }
  interface FastifyInstance {
    rateLimits: {
      /** Counts a request against a limit outside the routes' own: true while it is within it. */
      take(limit: Limit, request: FastifyRequest): Promise<boolean>;
      /** Ends a limit's counter for `key`; with `prefix`, every counter whose key starts with it. */
      forget(limit: Limit, key: string, prefix?: boolean): Promise<void>;
    };
  }
}

export const rateLimiting = fp<RateLimitOptions>(async (app: FastifyInstance, options) => {
  const stores = {
    plain: options.redis ? redisStore(options.redis, false) : postgresStore(options.db, false),
    backoff: options.redis ? redisStore(options.redis, true) : postgresStore(options.db, true),
  };
  // The plugin's own route hooks stay off: limits are applied below, several per route. Each
  // limiter asks the plugin's store for a child; limits with backoff get the doubling store.
  const root = {
    child: (params: { exponentialBackoff?: boolean }) => (params.exponentialBackoff ? stores.backoff : stores.plain),
  };
  await app.register(rateLimitPlugin, { global: false, store: storeClass(root) });
  app.decorateRequest('givebacks', null);
  app.decorateRequest('messagesSent', 0);

  const checks = new Map<Limit, ReturnType<FastifyInstance['createRateLimit']>>();
  const checkFor = (limit: Limit) => {
    let check = checks.get(limit);
    if (!check) {
      // The plugin passes every option on to the store's child(), backoff included.
      const options: PluginLimitOptions = {
        exponentialBackoff: limit.backoff ?? false,
        max: limit.max,
        timeWindow: limit.window,
        keyGenerator: (request) => `${limit.name}:${limit.key(request) ?? ''}`,
      };
      check = app.createRateLimit(options);
      checks.set(limit, check);
    }
    return check;
  };

  app.decorate('rateLimits', {
    take: async (limit: Limit, request: FastifyRequest) => {
      if (limit.key(request) === undefined) return true;
      const result = await checkFor(limit)(request);
      return result.isAllowed || !result.isExceeded;
    },
    // Both stores hold a limit's counters under the same keys.
    forget: (limit: Limit, key: string, prefix?: boolean) => stores.plain.forget(`${limit.name}:${key}`, prefix),
  });

  app.addHook('onRoute', (route: RouteOptions) => {
    const own = route.config?.limits ?? [];
    const methods = [route.method].flat();
    const writes = methods.some((method) => method !== 'GET' && method !== 'HEAD' && method !== 'OPTIONS');
    const limits = writes ? [...own, ...defaultWriteLimits] : own;
    if (limits.length === 0) return;
    const handler = async (request: FastifyRequest, reply: FastifyReply) => {
      for (const limit of limits) {
        if (limit.key(request) === undefined) continue;
        const result = await checkFor(limit)(request);
        if (result.isAllowed) continue;
        if (limit.counts && limit.counts !== 'every')
          (request.givebacks ??= []).push({ key: result.key, counts: limit.counts });
        if (result.isExceeded) {
          reply.header('retry-after', Math.max(1, result.ttlInSeconds));
          throw new AppError(429, limit.message ?? serverError.tooManyRequests);
        }
      }
    };
    route.preHandler = [handler, ...[route.preHandler ?? []].flat()] as RouteOptions['preHandler'];
  });

  app.addHook('onResponse', async (request, reply) => {
    const given = (request.givebacks ?? []).filter(({ counts }) =>
      counts === 'failures' ? reply.statusCode < 300 : request.messagesSent === 0,
    );
    if (given.length === 0) return;
    await Promise.all(given.map(({ key }) => stores.plain.refund(key))).catch((error: unknown) => {
      request.log.warn({ err: error }, 'could not give back a rate-limit hit');
    });
  });
});

/** @fastify/rate-limit takes a store class; ours are built beforehand. */
function storeClass(store: object) {
  return class {
    constructor() {
      return store;
    }
  } as never;
}
