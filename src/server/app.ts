// buildApp(deps): the whole server but listen(). Tests call it with a fresh database.
import fs from 'node:fs';
import path from 'node:path';
import multipart from '@fastify/multipart';
import fastifyStatic from '@fastify/static';
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
import { api } from '../contract/paths.js';
import { serverError } from '../contract/messages.js';
import type { Config } from './config.js';
import type { Database } from './db/client.js';
import { AppError } from './errors.js';
import { authPlugin } from './modules/auth/auth.guard.js';
import { authRoutes } from './modules/auth/auth.routes.js';
import { outboxRoutes } from './modules/auth/outbox.routes.js';
import { catalogueRoutes } from './modules/catalogue/catalogue.routes.js';
import { contentRoutes } from './modules/content/content.routes.js';
import { supportRoutes } from './modules/support/support.routes.js';
import { adminRoutes } from './modules/admin/admin.routes.js';
import { walletRoutes } from './modules/wallet/wallet.routes.js';
import { memberWalletRoutes } from './modules/wallet/member-wallet.routes.js';
import { memberTicketsRoutes } from './modules/support/member-tickets.routes.js';
import { referralRoutes } from './modules/members/referral.routes.js';
import { bookingsRoutes } from './modules/bookings/bookings.routes.js';
import { favoritesRoutes } from './modules/favorites/favorites.routes.js';
import { membersRoutes } from './modules/members/members.routes.js';
import { messagesRoutes } from './modules/messages/messages.routes.js';
import { notificationsRoutes } from './modules/notifications/notifications.routes.js';
import { placesRoutes } from './modules/places/places.routes.js';
import { providersRoutes } from './modules/providers/providers.routes.js';
import { portalRoutes } from './modules/providers/portal.routes.js';
import { jobsRoutes } from './modules/bookings/jobs.routes.js';
import type { Mailer, SmsSender } from './platform/messaging.js';
import { ReadCache } from './platform/cache.js';
import type { Storage } from './platform/storage.js';
import type { PlacesProvider } from './platform/places.js';
import type { LiveHub } from './platform/live.js';
import { liveRoutes } from './modules/live/live.routes.js';
import { projectRoot } from './root.js';

export interface Deps {
  config: Config;
  database: Database;
  sms: SmsSender;
  mailer: Mailer;
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
  }
}

export async function buildApp(deps: Deps) {
  const app = Fastify({
    ...(deps.logger ? { loggerInstance: deps.logger } : { logger: false }),
    // `/v1//services/...` is how the old clients wrote paths: accept it.
    routerOptions: { ignoreDuplicateSlashes: true },
    trustProxy: true,
    bodyLimit: 1024 * 1024,
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorate('deps', deps);
  app.decorate('readCache', new ReadCache(deps.config.CATALOGUE_CACHE_MS));

  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (hasZodFastifySchemaValidationErrors(error)) {
      const errors: Record<string, string> = {};
      for (const issue of error.validation) {
        const field = issue.instancePath.replace(/^\//, '').replace(/\//g, '.') || '_';
        errors[field] ??= issue.message ?? serverError.badRequest;
      }
      const first = error.validation[0]?.message ?? serverError.badRequest;
      return reply.status(400).send({ status: 0, message: first, errors });
    }
    if (error instanceof AppError) {
      return reply.status(error.statusCode).send({ status: 0, message: error.message, errors: error.errors });
    }
    if (isResponseSerializationError(error)) {
      request.log.error({ err: error, cause: error.cause }, 'response did not match its schema');
      return reply.status(500).send({ status: 0, message: serverError.internal });
    }
    const status = error.statusCode ?? 500;
    if (status >= 500) {
      request.log.error({ err: error }, 'unexpected error');
      return reply.status(500).send({ status: 0, message: serverError.internal });
    }
    // Fastify's own client errors (bad JSON, body too large, unsupported media type).
    return reply.status(status).send({ status: 0, message: error.message });
  });

  await app.register(swagger, {
    openapi: {
      info: { title: 'Doorstep API', version: '1.0.0', description: 'Home-services marketplace. Envelope: `{status: 1, message, data}` or `{status: 0, message}`.' },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } } },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/docs' });

  // Uploads: at most two image files per request (an offer's image and about image), checked by
  // content in platform/images.ts.
  await app.register(multipart, { limits: { fileSize: imageLimits.maxBytes, files: 2, fields: 10 } });
  await app.register(authPlugin);
  await app.register(
    async (v1) => {
      v1.get(api.health, { schema: { tags: ['health'] } }, async () => ({ status: 1 }));
      await v1.register(authRoutes);
      if (deps.config.NODE_ENV !== 'production') await v1.register(outboxRoutes);
      await v1.register(catalogueRoutes);
      await v1.register(contentRoutes);
      await v1.register(supportRoutes);
      await v1.register(providersRoutes);
      await v1.register(favoritesRoutes);
      await v1.register(bookingsRoutes);
      await v1.register(placesRoutes);
      await v1.register(messagesRoutes);
      await v1.register(notificationsRoutes);
      await v1.register(liveRoutes);
      await v1.register(membersRoutes);
      await v1.register(adminRoutes);
      await v1.register(walletRoutes);
      await v1.register(jobsRoutes);
      await v1.register(portalRoutes);
      await v1.register(memberWalletRoutes);
      await v1.register(memberTicketsRoutes);
      await v1.register(referralRoutes);
    },
    { prefix: api.prefix },
  );

  fs.mkdirSync(deps.storage.root, { recursive: true });
  await app.register(fastifyStatic, {
    root: deps.storage.root,
    prefix: '/uploads/',
    decorateReply: false,
    maxAge: '7d',
  });

  const webRoot = deps.webRoot ?? path.join(projectRoot, 'dist/web');
  const indexHtml = path.join(webRoot, 'index.html');
  if (fs.existsSync(indexHtml)) {
    await app.register(fastifyStatic, { root: webRoot, wildcard: false, index: false, prefix: '/' });
    // Hashed assets can be cached for ever; index.html never.
    app.addHook('onSend', async (request, reply) => {
      if (request.url.startsWith('/assets/')) reply.header('cache-control', 'public, max-age=31536000, immutable');
    });
  }

  app.setNotFoundHandler((request, reply) => {
    const isApi = request.url.startsWith(api.prefix + '/') || request.url === api.prefix;
    if (!isApi && request.method === 'GET' && fs.existsSync(indexHtml)) {
      return reply.header('cache-control', 'no-cache').type('text/html').send(fs.createReadStream(indexHtml));
    }
    return reply.status(404).send({ status: 0, message: serverError.notFound });
  });

  return app;
}

export type App = Awaited<ReturnType<typeof buildApp>>;
