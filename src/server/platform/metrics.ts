// GET /metrics in the Prometheus text format: HTTP requests by route pattern, the database pool,
// open live streams, the job queue when there is one, and the process (memory, CPU, event loop).
// Not for the internet: with METRICS_TOKEN set it asks for that bearer token; without it, it
// answers loopback and private addresses only (a scraper inside the network).
import crypto from 'node:crypto';
import { BlockList, isIPv4 } from 'node:net';
import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { Database } from '../db/client.js';
import { forbidden, unauthorized } from '../errors.js';
import type { LiveHub } from './live.js';

/** The path scrapers read, outside the versioned API. */
export const metricsPath = '/metrics';

/**
 * The job queue as metrics and readiness see it (platform/jobs.ts's JobQueue has this shape).
 * Read on every scrape or readiness probe, so each should cost at most one cheap query.
 */
export interface QueueHealth {
  /** Jobs waiting to run. */
  depth(): number | Promise<number>;
  /** Runs that failed since this instance started (a counter: it only grows). */
  failed(): number | Promise<number>;
  /** Started and not stopping: workers are taking jobs. */
  readonly running: boolean;
}

export interface MetricsOptions {
  database: Database;
  live: LiveHub;
  queue?: QueueHealth;
  /** When set, a scrape must send `Authorization: Bearer <token>`. */
  token?: string;
}

/** The route label of a request no route matched (404s, the web app's fallback): never the raw URL. */
export const unmatchedRoute = '(unmatched)';

/** The status label of a request whose client left before it was answered (as nginx logs it). */
const clientClosed = 499;

/** Request durations in seconds, from a cached read to a slow export. */
const durationBuckets = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

/**
 * Process metrics describe the process, not an app: one registry for them per process. Tests
 * build many apps in one process, and each call of collectDefaultMetrics would start another
 * event-loop monitor and GC observer that is never stopped.
 */
let processRegistry: Registry | undefined;
function processMetrics(): Registry {
  if (!processRegistry) {
    processRegistry = new Registry();
    collectDefaultMetrics({ register: processRegistry });
  }
  return processRegistry;
}

export const metrics = fp<MetricsOptions>(
  async (app, options) => {
    // The app's own registry: two apps in one process never share a counter.
    const registry = new Registry();
    const registers = [registry];
    const labelNames = ['method', 'route', 'status_code'] as const;
    const requests = new Counter({
      name: 'doorstep_http_requests_total',
      help: 'HTTP requests answered, by method, route pattern and status code',
      labelNames,
      registers,
    });
    const durations = new Histogram({
      name: 'doorstep_http_request_duration_seconds',
      help: 'Time to answer an HTTP request, by method, route pattern and status code',
      labelNames,
      buckets: durationBuckets,
      registers,
    });

    const { database, live, queue } = options;
    /** Sources that failed during a scrape, logged by the scrape's request. */
    const failures: unknown[] = [];
    const pool = (pick: (pool: NonNullable<Database['pool']>) => number, pglite: number) =>
      database.pool ? pick(database.pool) : pglite;
    // PGlite is one connection inside the process, always open: counted as one in use.
    gauge(registry, 'doorstep_db_pool_in_use', 'Database connections running a query or held by a transaction', () =>
      pool((p) => p.totalCount - p.idleCount, 1),
    );
    gauge(registry, 'doorstep_db_pool_idle', 'Open database connections waiting in the pool', () =>
      pool((p) => p.idleCount, 0),
    );
    gauge(registry, 'doorstep_db_pool_waiting', 'Queries waiting for a free database connection', () =>
      pool((p) => p.waitingCount, 0),
    );
    gauge(registry, 'doorstep_live_streams_open', 'Live event streams open on this instance', () =>
      live.subscriberCount(),
    );
    if (queue) {
      const onError = (error: unknown) => failures.push(error);
      gauge(registry, 'doorstep_job_queue_depth', 'Jobs waiting to run', () => queue.depth(), onError);
      new Counter({
        name: 'doorstep_job_queue_failed_total',
        help: 'Job runs that failed on this instance',
        registers,
        async collect() {
          try {
            const failed = await queue.failed();
            this.reset();
            this.inc(failed);
          } catch (error) {
            onError(error);
          }
        },
      });
    }

    // Each request is counted once: when its answer is out (onResponse), or when its connection
    // closes before that (a client that gave up, a live stream the client closed).
    const counted = new WeakSet<FastifyRequest>();
    // The metrics of each label set, made once: prom-client hashes a labels object on every call,
    // which costs the cached reads a noticeable share of their throughput.
    const series = new Map<
      string,
      { count: Counter.Internal; time: Histogram.Internal<(typeof labelNames)[number]> }
    >();
    const count = (request: FastifyRequest, status: number) => {
      if (counted.has(request)) return undefined;
      counted.add(request);
      // A bounded label: the route's pattern (`/v1/bookings/:id`), never the URL a client chose.
      const route = request.routeOptions.url ?? unmatchedRoute;
      const key = `${request.method} ${route} ${status}`;
      let found = series.get(key);
      if (!found) {
        const values = [request.method, route, String(status)] as const;
        found = { count: requests.labels(...values), time: durations.labels(...values) };
        series.set(key, found);
      }
      found.count.inc();
      return found;
    };
    // Callback-style hooks: they run on every request, the hot path of cached reads.
    app.addHook('onRequest', (request, reply, done) => {
      const response = reply.raw;
      response.once('close', () => {
        if (!response.writableFinished) count(request, response.headersSent ? response.statusCode : clientClosed);
      });
      done();
    });
    app.addHook('onResponse', (request, reply, done) => {
      const metricsOf = count(request, reply.statusCode);
      // A live stream is open for hours: its duration says nothing about the server's speed.
      if (metricsOf && !isEventStream(reply)) metricsOf.time.observe(reply.elapsedTime / 1000);
      done();
    });

    const allowed = options.token ? hasToken(options.token) : fromPrivateAddress;
    app.get(metricsPath, { schema: { hide: true } }, async (request, reply) => {
      allowed(request);
      const scraped = Registry.merge([processMetrics(), registry]);
      const text = await scraped.metrics();
      for (const error of failures.splice(0)) request.log.warn({ err: error }, 'metrics: the job queue did not answer');
      return reply.type(scraped.contentType).send(text);
    });
  },
  { name: 'metrics' },
);

/** A gauge read at each scrape; a source that fails reads NaN (no value) in that scrape, never a stale or zero one. */
function gauge(
  registry: Registry,
  name: string,
  help: string,
  read: () => number | Promise<number>,
  onError?: (error: unknown) => void,
) {
  new Gauge({
    name,
    help,
    registers: [registry],
    async collect() {
      try {
        this.set(await read());
      } catch (error) {
        this.set(Number.NaN);
        onError?.(error);
      }
    },
  });
}

function isEventStream(reply: FastifyReply): boolean {
  const type = reply.raw.getHeader('content-type') ?? reply.getHeader('content-type');
  return typeof type === 'string' && type.startsWith('text/event-stream');
}

/** 401 unless the request carries the token (compared in constant time). */
function hasToken(token: string) {
  const expected = digest(token);
  return (request: FastifyRequest) => {
    const header = request.headers.authorization ?? '';
    const sent = /^Bearer (.+)$/i.exec(header)?.[1] ?? '';
    if (!crypto.timingSafeEqual(digest(sent), expected)) throw unauthorized();
  };
}

const digest = (value: string) => crypto.createHash('sha256').update(value).digest();

/** Loopback and private networks (RFC 1918, IPv6 unique local). */
const privateNetworks = new BlockList();
privateNetworks.addSubnet('127.0.0.0', 8, 'ipv4');
privateNetworks.addSubnet('10.0.0.0', 8, 'ipv4');
privateNetworks.addSubnet('172.16.0.0', 12, 'ipv4');
privateNetworks.addSubnet('192.168.0.0', 16, 'ipv4');
privateNetworks.addAddress('::1', 'ipv6');
privateNetworks.addSubnet('fc00::', 7, 'ipv6');

export function isPrivateAddress(address: string): boolean {
  // A dual-stack socket reports IPv4 clients as ::ffff:a.b.c.d.
  const plain = address.replace(/^::ffff:(?=\d+\.\d+\.\d+\.\d+$)/i, '');
  try {
    return privateNetworks.check(plain, isIPv4(plain) ? 'ipv4' : 'ipv6');
  } catch {
    return false;
  }
}

/** 403 unless the client (request.ip: the proxy's word only when TRUST_PROXY says so) is private. */
function fromPrivateAddress(request: FastifyRequest) {
  if (!isPrivateAddress(request.ip)) throw forbidden();
}
