// buildApp(deps): the whole server but listen(). Tests call it with a fresh database.
import fs from 'node:fs';
import path from 'node:path';
import cookie from '@fastify/cookie';
import multipart from '@fastify/multipart';
import fastifyStatic, { type FastifyStaticOptions } from '@fastify/static';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyBaseLogger, type FastifyError } from 'fastify';
import {
  hasZodFastifySchemaValidationErrors,
  isResponseSerializationError,
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import { imageLimits } from '../contract/common.js';
import { api, uploadsPrefix } from '../contract/paths.js';
import { imageText, serverError } from '../contract/messages.js';
import type { Config } from './config.js';
import type { Database } from './db/client.js';
import {
  AppError,
  findNul,
  hasUsableBoundary,
  isMalformedMultipart,
  loggableError,
  nulRefusal,
  sendFailure,
} from './errors.js';
import { authPlugin } from './modules/auth/auth.guard.js';
import { outboxRoutes } from './modules/auth/outbox.routes.js';
import { bookingDevRoutes } from './modules/bookings/bookings.dev.routes.js';
import { domainRoutes } from './modules/index.js';
import type { JobQueue } from './platform/jobs.js';
import { ReadCache } from './platform/cache.js';
import type { Storage } from './platform/storage.js';
import { seoRoutes } from './modules/seo/seo.routes.js';
import { mediaRoutes } from './platform/media.js';
import { loadPages } from './platform/pages.js';
import type { PlacesProvider } from './platform/places.js';
import type { LiveHub } from './platform/live.js';
import { idempotency } from './platform/idempotency.js';
import { rateLimiting } from './platform/rate-limit.js';
import { metrics } from './platform/metrics.js';
import { addSecurityHeaders } from './platform/security-headers.js';
import { readiness } from './platform/readiness.js';
import { requestIdHeader, requestIdOf } from './platform/request-id.js';
import type { Payments } from './platform/stripe.js';
import { projectRoot } from './root.js';

export interface Deps {
  config: Config;
  database: Database;
  /** The job queue (platform/jobs.ts): routes ask it to deliver the outbox after their commit. */
  jobs: JobQueue;
  /** Stripe, when STRIPE_SECRET_KEY is set (platform/stripe.ts); null without cards. The jobs share it. */
  payments: Payments | null;
  storage: Storage;
  /** Live events to open pages, fanned out across instances (platform/live.ts); its creator closes it. */
  live: LiveHub;
  /** Address suggestions; the built-in gazetteer when none is given. */
  places?: PlacesProvider;
  /** The built web app; served with an SPA fallback when the folder exists. */
  webRoot?: string;
  /** The pino logger of the process; tests pass none (silent). */
  logger?: FastifyBaseLogger;
}

declare module 'fastify' {
  interface FastifyInstance {
    deps: Deps;
    /** Public catalogue reads; writes to the catalogue invalidate it. */
    readCache: ReadCache;
    /** Stripe, when STRIPE_SECRET_KEY is set (platform/stripe.ts); null without cards. */
    payments: Payments | null;
  }
}

export async function buildApp(deps: Deps) {
  const app = Fastify({
    // Errors are logged through loggableError: a failed statement without the values it carried.
    ...(deps.logger
      ? { loggerInstance: deps.logger.child({}, { serializers: { err: loggableError } }) }
      : { logger: false }),
    // `/v1//services/...` is how the old clients wrote paths: accept it.
    routerOptions: { ignoreDuplicateSlashes: true },
    // X-Forwarded-For is a client's word unless it comes from a proxy we were told about.
    trustProxy: trustedProxies(deps.config.TRUST_PROXY),
    bodyLimit: 1024 * 1024,
    // A caller's x-request-id when it is a short plain token, else a new UUID (platform/request-id.ts).
    genReqId: requestIdOf,
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorate('deps', deps);
  app.decorate('readCache', new ReadCache(deps.config.CATALOGUE_CACHE_MS));
  app.decorate('payments', deps.payments);

  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (hasZodFastifySchemaValidationErrors(error)) {
      const errors: Record<string, string> = {};
      for (const issue of error.validation) {
        const field = issue.instancePath.replace(/^\//, '').replace(/\//g, '.') || '_';
        errors[field] ??= issue.message ?? serverError.badRequest;
      }
      const first = error.validation[0]?.message ?? serverError.badRequest;
      return sendFailure(request, reply, 400, first, { errors });
    }
    if (error instanceof AppError) {
      return sendFailure(request, reply, error.statusCode, error.message, { code: error.code, errors: error.errors });
    }
    // A multipart body cut short, or whose boundary busboy cannot use: the client's fault.
    if (request.isMultipart() && isMalformedMultipart(error)) {
      return sendFailure(request, reply, 400, imageText.malformedForm);
    }
    if (isResponseSerializationError(error)) {
      request.log.error({ err: error, cause: error.cause }, 'response did not match its schema');
      return sendFailure(request, reply, 500, serverError.internal);
    }
    const status = error.statusCode ?? 500;
    if (status >= 500) {
      request.log.error({ err: error }, 'unexpected error');
      return sendFailure(request, reply, 500, serverError.internal);
    }
    // Fastify's own client errors (bad JSON, body too large, unsupported media type).
    return sendFailure(request, reply, status, error.message);
  });

  // On the raw response, so hijacked answers (the live stream) carry it too.
  // Callback style: a hook on every request, the hot path of cached reads.
  app.addHook('onRequest', (request, reply, done) => {
    reply.raw.setHeader(requestIdHeader, request.id);
    // A host name, an IPv4 or a bracketed IPv6 address, with an optional port: anything else
    // is not a request any browser or proxy sends.
    done(validHost.test(request.host) ? undefined : new AppError(400, serverError.badHost));
  });
  // Before any route: its hooks count and time every route (platform/metrics.ts). The job queue
  // is read for its depth and failures.
  await app.register(metrics, {
    database: deps.database,
    live: deps.live,
    queue: deps.jobs,
    token: deps.config.METRICS_TOKEN,
  });

  // One hook, added before any route so every route has it (those to come too): PostgreSQL
  // refuses U+0000 in text, so a NUL anywhere in the params, query or JSON body is a 400 before
  // validation and before any handler could pass it to a statement. A refinement in each
  // contract schema would miss every string a schema forgets (and routes without a schema).
  // Multipart fields are not parsed yet here: readImageForm refuses them the same way.
  app.addHook('preValidation', async (request) => {
    for (const part of [request.params, request.query, request.body]) {
      const field = findNul(part);
      if (field !== undefined) throw nulRefusal(field);
    }
  });
  // Busboy throws on a multipart body without a usable boundary; refuse it before the handler.
  app.addHook('preValidation', async (request) => {
    if (request.isMultipart() && !hasUsableBoundary(request.headers['content-type']))
      throw new AppError(400, imageText.malformedForm);
  });

  const production = deps.config.NODE_ENV === 'production';
  addSecurityHeaders(app, production);

  await app.register(swagger, {
    openapi: {
      info: {
        title: 'Doorstep API',
        version: '1.0.0',
        description:
          'Home-services marketplace. Envelope: `{status: 1, message, data}` or `{status: 0, message, code}`.',
      },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } } },
    },
    transform: jsonSchemaTransform,
  });
  // API_DOCS=0 leaves /docs and /docs/json out.
  if (deps.config.API_DOCS) {
    await app.register(swaggerUi, {
      routePrefix: '/docs',
      // Swagger UI's bundle sets inline styles; its pages alone allow them (scripts stay 'self').
      transformStaticCSP: (header) => header.replace("style-src 'self'", "style-src 'self' 'unsafe-inline'"),
    });
  }

  // Uploads: at most two image files per request (an offer's image and about image), checked by
  // content in platform/images.ts.
  await app.register(multipart, { limits: { fileSize: imageLimits.maxBytes, files: 2, fields: 10 } });
  const webRoot = deps.webRoot ?? path.join(projectRoot, 'dist/web');
  const indexFile = path.join(webRoot, 'index.html');
  const indexHtml = fs.existsSync(indexFile) ? fs.readFileSync(indexFile, 'utf8') : undefined;
  // The public pages drawn on the server (platform/pages.ts), from the build beside the web app's.
  const pages = loadPages(app, path.join(webRoot, '../ssr/entry-server.js'), {
    cacheMs: deps.config.PAGE_CACHE_MS,
    drawsPerMinute: deps.config.PAGE_DRAWS_PER_MINUTE,
  });
  // A write may change what a public page shows, and so may an administrator's call (some
  // deletions are GETs). Before the routes, so every route has the hook.
  // Every instance forgets, through the live hub's NOTIFY (this one at once, and again on hearing it).
  app.addHook('onResponse', (request, reply, done) => {
    const write = request.method !== 'GET' && request.method !== 'HEAD';
    if (reply.statusCode < 400 && (write || request.user?.role === 'admin')) {
      pages.forget();
      deps.live.announceChange();
    }
    done();
  });
  const stopForgetting = deps.live.onChange(() => pages.forget());
  app.addHook('onClose', async () => stopForgetting());
  // Only the sign-in routes read a cookie: the device cookie (modules/auth/auth.devices.ts).
  await app.register(cookie);
  await app.register(authPlugin);
  // ioredis is loaded only when asked for: its import alone is a noticeable share of a start.
  const redis = deps.config.REDIS_URL
    ? new (await import('ioredis')).Redis(deps.config.REDIS_URL, { lazyConnect: true, maxRetriesPerRequest: 2 })
    : undefined;
  if (redis) app.addHook('onClose', async () => void (await redis.quit()));
  // Before any route: it reads each route's limits as the route is added.
  await app.register(rateLimiting, { db: deps.database.db, redis });
  // Before any route too: routes that take an Idempotency-Key say so in `config.idempotent`.
  await app.register(idempotency, { db: deps.database.db });
  // GET /v1/ready: the database, its migrations and the job queue (platform/readiness.ts).
  await app.register(readiness, { database: deps.database, queue: deps.jobs });
  await app.register(
    async (v1) => {
      v1.get(api.health, { schema: { tags: ['health'] } }, async () => ({ status: 1 }));
      // Only when asked for (DEV_OUTBOX=1, refused in production): a forgotten NODE_ENV must not
      // publish codes, nor let anyone move a booking's time.
      if (deps.config.DEV_OUTBOX) {
        await v1.register(outboxRoutes);
        await v1.register(bookingDevRoutes);
      }
      for (const routes of domainRoutes) await v1.register(routes);
    },
    { prefix: api.prefix },
  );

  // Images, read through the storage every instance shares (platform/media.ts).
  await app.register(mediaRoutes);

  // robots.txt, the sitemaps, and the provider and category-in-a-city pages (modules/seo).
  await app.register(seoRoutes, { indexHtml, pages });
  if (indexHtml) {
    const staticOptions = {
      index: false,
      // The build writes a .br and a .gz beside each hashed text asset: a client that accepts one
      // gets it (brotli first), any other the plain file. Vary tells a shared cache to keep one
      // copy per encoding (docs/decisions/019-precompressed-assets.md).
      preCompressed: true,
      setHeaders: (res) => res.setHeader('vary', 'accept-encoding'),
      // The build keeps source maps for debugging; production does not publish its sources.
      allowedPath: (pathName) => !(production && pathName.endsWith('.map')),
    } satisfies Partial<FastifyStaticOptions>;
    // The files at the top (favicon.svg, index.html) are a route each, as found at start.
    await app.register(fastifyStatic, {
      ...staticOptions,
      root: webRoot,
      wildcard: false,
      prefix: '/',
      globIgnore: ['assets/**'],
    });
    // The hundreds of hashed assets (and their .br, .gz and .map) are one route: a route each
    // meant listing the folder and adding them all at every start, a good share of its time. A
    // missing one still falls through to the not-found handler's 404.
    const assets = path.join(webRoot, 'assets');
    if (fs.existsSync(assets))
      await app.register(fastifyStatic, {
        ...staticOptions,
        root: assets,
        wildcard: true,
        prefix: '/assets/',
        decorateReply: false,
      });
    // Hashed assets can be cached for ever (only files that exist: never a 404); index.html never.
    app.addHook('onSend', async (request, reply) => {
      const served = reply.statusCode === 200 || reply.statusCode === 304;
      if (served && request.url.startsWith('/assets/'))
        reply.header('cache-control', 'public, max-age=31536000, immutable');
    });
  }

  app.setNotFoundHandler((request, reply) => {
    const isApi = request.url.startsWith(api.prefix + '/') || request.url === api.prefix;
    // A missing asset or image is a 404, never the app page (which a browser would cache as the file).
    const isFile = request.url.startsWith('/assets/') || request.url.startsWith(uploadsPrefix);
    const isRead = request.method === 'GET' || request.method === 'HEAD';
    if (!isApi && !isFile && isRead && indexHtml) return pages.send(request, reply, async () => ({ html: indexHtml }));
    return sendFailure(request, reply, 404, serverError.notFound);
  });

  return app;
}

export type App = Awaited<ReturnType<typeof buildApp>>;

const validHost =
  /^(?:[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)*\.?|\[[0-9A-Fa-f:.]+\])(?::\d{1,5})?$/;

/** A hop count trusts that many proxies nearest the server; a list trusts those addresses. */
function trustedProxies(setting: Config['TRUST_PROXY']) {
  if (setting === undefined) return false;
  if (typeof setting === 'number') return (_address: string, hop: number) => hop < setting;
  return setting;
}
