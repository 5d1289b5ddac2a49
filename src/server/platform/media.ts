// Images served from the storage (platform/storage.ts) under /uploads, by whichever instance is
// asked, and removed once the last row that shows one lets go of it.
import type { Readable } from 'node:stream';
import type { FastifyBaseLogger } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { uploadsPrefix } from '../../contract/paths.js';
import { execute, type Db } from '../db/client.js';
import { notFound } from '../errors.js';
import { banners, categories, offers, users } from '../db/schema.js';
import { keyOf, type Storage } from './storage.js';

/** A key names its content, so the answer never changes: browsers keep it and need not ask again. */
const cacheForever = 'public, max-age=31536000, immutable';

/** Whether an If-None-Match header names this ETag (or `*`); weak validators compare alike. */
function matchesEtag(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  return header.split(',').some((tag) => {
    const value = tag.trim().replace(/^W\//, '');
    return value === '*' || value === etag;
  });
}

/** A body that will not be sent: a stream is closed rather than left holding its connection. */
function discard(body: Buffer | Readable) {
  if (!Buffer.isBuffer(body)) body.destroy();
}

/**
 * GET (and HEAD) /uploads/<folder>/<hash>.<ext>: the image with its type, its hash as ETag and a
 * year's immutable cache; 304 when the client already holds it; the JSON 404 for anything else,
 * a malformed key included, so no path reaches the storage unchecked.
 */
export const mediaRoutes: FastifyPluginAsyncZod = async (app) => {
  // HEAD is its own method here, not Fastify's copy of GET, so its answer keeps the image's length.
  app.route({
    method: ['GET', 'HEAD'],
    url: `${uploadsPrefix}*`,
    schema: { hide: true, params: z.object({ '*': z.string() }) },
    handler: async (request, reply) => {
      const found = await app.deps.storage.get(request.params['*']);
      // Through the error handler: the same envelope as every other 404.
      if (!found) throw notFound();
      const etag = `"${found.etag}"`;
      reply.header('etag', etag).header('cache-control', cacheForever);
      if (matchesEtag(request.headers['if-none-match'], etag)) {
        discard(found.body);
        return reply.status(304).send();
      }
      reply.type(found.contentType).header('content-length', found.size);
      if (request.method === 'HEAD') {
        discard(found.body);
        return reply.send();
      }
      return reply.send(found.body);
    },
  });
};

/** Every column that holds an image's public path; a stored image is kept while one of them names it. */
const imageReferences = (path: string) => sql`
  select 1 from ${users} where ${users.image} = ${path}
  union all select 1 from ${categories} where ${categories.image} = ${path}
  union all select 1 from ${banners} where ${banners.image} = ${path}
  union all select 1 from ${offers} where ${offers.image} = ${path} or ${offers.aboutImage} = ${path}
  limit 1`;

/**
 * After the commit that replaced or deleted the rows showing `paths`: removes each stored image
 * that no row names any more (content-hashed keys let rows share one). Runs after the commit so
 * a rolled-back change never loses its image; a failure here leaves an unused object behind,
 * never a broken image, so it is logged, not thrown at a client whose change succeeded.
 */
export async function releaseImages(
  deps: { db: Db; storage: Storage; log: FastifyBaseLogger },
  paths: readonly (string | null | undefined)[],
): Promise<void> {
  const ours = [...new Set(paths)].filter((path): path is string => !!path && keyOf(path) !== undefined);
  for (const path of ours) {
    try {
      const [stillShown] = await execute(deps.db, imageReferences(path));
      if (!stillShown) await deps.storage.delete(path);
    } catch (error) {
      deps.log.error({ err: error, path }, 'could not remove an image no longer shown');
    }
  }
}
