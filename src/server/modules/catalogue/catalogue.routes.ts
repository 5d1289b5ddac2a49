// Public catalogue reads: categories, offers, top providers (customer.md §7). No sign-in needed.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { category, offer, providerCard } from '../../../contract/catalogue.js';
import { okPage, pageQuery } from '../../../contract/common.js';
import { api } from '../../../contract/paths.js';
import * as catalogue from './catalogue.service.js';

const tags = ['catalogue'];

export const catalogueRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = () => app.deps.database.db;

  app.get(
    api.serviceListing,
    {
      schema: {
        tags,
        summary: 'Service categories (not archived), by title',
        querystring: pageQuery,
        response: { 200: okPage(category) },
      },
    },
    async (request) => {
      const { items, meta } = await catalogue.listCategories(db(), request.query);
      return { status: 1 as const, data: items, meta };
    },
  );

  app.get(
    api.offerListing,
    {
      schema: {
        tags,
        summary: 'Active offers, newest first, each with its provider (or null); amount in cents',
        querystring: pageQuery,
        response: { 200: okPage(offer) },
      },
    },
    async (request) => {
      const { items, meta } = await catalogue.listOffers(db(), request.query);
      return { status: 1 as const, data: items, meta };
    },
  );

  app.get(
    api.topServiceProvider,
    {
      schema: {
        tags,
        summary: 'Active providers by rating (one decimal, 0 without reviews), then review count, then name; charges in cents',
        querystring: pageQuery,
        response: { 200: okPage(providerCard) },
      },
    },
    async (request) => {
      const { items, meta } = await catalogue.listTopProviders(db(), request.query);
      return { status: 1 as const, data: items, meta };
    },
  );
};
