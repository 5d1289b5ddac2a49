// Public catalogue reads: categories, offers, top providers. No sign-in needed.
// The admin's lists of and writes to the catalogue live next door (catalogue.admin.routes.ts).
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { category, homeListQuery, offer, topProviderCard } from '../../../contract/catalogue.js';
import { okPage, pageQuery } from '../../../contract/common.js';
import { api } from '../../../contract/paths.js';
import { sendCached } from '../../platform/cache.js';
import { catalogueCache } from './catalogue.cache.js';
import * as catalogue from './catalogue.service.js';

const tags = ['catalogue'];
// Built once: a schema made per request would cost more than the cached answer it checks.
const categoryPage = okPage(category);
const offerPage = okPage(offer);
const providerPage = okPage(topProviderCard);

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

  app.get(
    api.topServiceProvider,
    {
      schema: {
        tags,
        summary:
          'Active providers by rating (one decimal, 0 without reviews), then review count, then name; charges in cents',
        description:
          'The same answer for everyone: each card carries `area`, where the provider is based without its street (the neighbourhood or ZIP area and the city), and `address` holds that area text too, never the street address (GET /services/provider/{id} shows it to those entitled), and `city`. With `city` (austin, dallas or nyc), the providers based in that city come first, each part best rated first.',
        querystring: homeListQuery,
        response: { 200: providerPage },
      },
    },
    async (request, reply) => {
      return sendCached(
        reply,
        app.readCache,
        catalogueCache.key.topProviders(request.query),
        providerPage,
        async () => {
          const { items, meta } = await catalogue.listTopProviders(db(), request.query);
          return { status: 1 as const, data: items, meta };
        },
      );
    },
  );
};
