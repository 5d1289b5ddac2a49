// Public catalogue reads: categories and offers (the top providers: providers.routes.ts). No
// sign-in needed.
// The admin's lists of and writes to the catalogue live next door (catalogue.admin.routes.ts).
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { category, homeListQuery, offer } from '../../../contract/catalogue.js';
import { okPage, pageQuery } from '../../../contract/common.js';
import { api } from '../../../contract/paths.js';
import { sendCached } from '../../platform/cache.js';
import { catalogueCache } from './catalogue.cache.js';
import * as catalogue from './catalogue.service.js';

const tags = ['catalogue'];
// Built once: a schema made per request would cost more than the cached answer it checks.
const categoryPage = okPage(category);
const offerPage = okPage(offer);

export const catalogueRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = () => app.deps.database.db;

  app.get(
    api.serviceListing,
    {
      schema: {
        tags,
        summary: 'Service categories (not archived), by title',
        querystring: pageQuery,
        response: { 200: categoryPage },
      },
    },
    async (request, reply) => {
      return sendCached(reply, app.readCache, catalogueCache.key.categories(request.query), categoryPage, async () => {
        const { items, meta } = await catalogue.listCategories(db(), request.query);
        return { status: 1 as const, data: items, meta };
      });
    },
  );

  app.get(
    api.offerListing,
    {
      schema: {
        tags,
        summary: 'Active offers, newest first, each with its provider (or null); amount in cents',
        description:
          'With `city` (austin, dallas or nyc), the offers of providers based in that city come first; each offer carries `city`, where its provider is based (null for an offer without one).',
        querystring: homeListQuery,
        response: { 200: offerPage },
      },
    },
    async (request, reply) => {
      return sendCached(reply, app.readCache, catalogueCache.key.offers(request.query), offerPage, async () => {
        const { items, meta } = await catalogue.listOffers(db(), request.query);
        return { status: 1 as const, data: items, meta };
      });
    },
  );
};
