// Finding providers (/Search and /Services_booking): search, suggestions, the providers of a
// service, one provider, its reviews and whether it serves an address are public; recording a
// search needs the member. The cards read the optional session: a provider's street address goes
// only to those entitled to it.
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { serviceArea, servesQuery } from '../../../contract/bookings.js';
import { homeListQuery, topProviderCard } from '../../../contract/catalogue.js';
import { failure, ok, okPage, pageQuery } from '../../../contract/common.js';
import { notice, providerText } from '../../../contract/messages.js';
import { api } from '../../../contract/paths.js';
import {
  discoveryLimits,
  discoveryMeta,
  providerDetail,
  providerIdParam,
  providerSlugParam,
  providerListItem,
  providerReview,
  searchLimits,
  searchQuery,
  searchRecordBody,
  serviceIdParam,
  serviceProvidersQuery,
  suggestion,
  suggestQuery,
} from '../../../contract/providers.js';
import { assertSelf, caller, optionalUser, requireMember } from '../auth/auth.guard.js';
import { AppError, notFound, pgErrorCode } from '../../errors.js';
import { sendCached } from '../../platform/cache.js';
import { perMember } from '../../platform/rate-limit.js';
import { catalogueCache } from '../catalogue/catalogue.cache.js';
import { providerServes } from '../bookings/bookings.area.js';
import { liveTradeWords } from '../catalogue/catalogue.trade-words.js';
import { discover, suggest, type DiscoverOptions } from './providers.search.js';
import * as providers from './providers.service.js';

const tags = ['providers'];
const security = [{ bearer: [] }];
/** Public, and a signed-in caller's token may show it more. */
const optionalSecurity: { [scheme: string]: string[] }[] = [{}, { bearer: [] }];
// Built once: a schema made per request costs more than it checks.
const providerPage = okPage(providerListItem).extend({ meta: discoveryMeta });
const searchAnswer = ok(providerListItem.array()).extend({ message: z.string() });
const suggestions = ok(suggestion.array());
const filtersDoc =
  'Optional filters: `category` (id), `city` (austin | dallas | nyc: based there; distances from its centre), `lat`+`lng` (providers whose service area reaches the point), `radiusKm` (1–80, within that distance of the point or the city centre), `minPrice`/`maxPrice` (dollars), `minRating` (0–5), `date` (YYYY-MM-DD: a free slot that day), `sort` (match | rating | price | distance). Items carry `city`, `distanceKm` (with a point or city) and `nextSlot` (the first free slot in two weeks, or on `date`). `meta.total` is exact up to ' +
  discoveryLimits.countCap +
  '; beyond, it is ' +
  discoveryLimits.countCap +
  ' with `meta.more: true`.';
const addressDoc =
  'Each card carries `area`, where the provider is based without its street (the neighbourhood or ZIP area and the city: "Deep Ellum, Dallas", "Dallas, TX 75204"). `address` is the street address only for a caller entitled to it (an administrator, the provider itself, or a member with an accepted or completed booking with it); for everyone else, visitors included, `address` holds the area text too.';
const reviewPage = okPage(providerReview);
const topProviderPage = okPage(topProviderCard);
const detail = ok(providerDetail);
const served = ok(serviceArea);

/**
 * A search within its time (SEARCH_TIMEOUT_MS): a statement over it is cancelled by PostgreSQL
 * (57014) and the search answers 503 with Retry-After, instead of holding a connection and a core.
 */
async function inTime<T>(reply: FastifyReply, work: Promise<T>): Promise<T> {
  try {
    return await work;
  } catch (error) {
    if (pgErrorCode(error) !== '57014') throw error;
    void reply.header('retry-after', '2');
    throw new AppError(503, providerText.searchTimedOut);
  }
}

export const providersRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = () => app.deps.database.db;
  /** Search's own connections, whose statements give up after SEARCH_TIMEOUT_MS. */
  const searchDb = () => app.deps.database.bounded(app.deps.config.SEARCH_TIMEOUT_MS);
  /** A search for `viewer`, with the catalogue's copy of the trade words. */
  const searchBy = (viewer: DiscoverOptions['viewer']): DiscoverOptions => ({
    viewer,
    tradeWords: () => app.readCache.get(catalogueCache.key.tradeWords, () => liveTradeWords(db())),
  });

  // The home page's top providers: a catalogue read (its tag and its cache are the catalogue's).
  app.get(
    api.topServiceProvider,
    {
      schema: {
        tags: ['catalogue'],
        summary:
          'Active providers by rating (one decimal, 0 without reviews), then review count, then name; charges in cents',
        description:
          'The same answer for everyone: each card carries `area`, where the provider is based without its street (the neighbourhood or ZIP area and the city), and `address` holds that area text too, never the street address (GET /services/provider/{id} shows it to those entitled), and `city`. With `city` (austin, dallas or nyc), the providers based in that city come first, each part best rated first.',
        querystring: homeListQuery,
        response: { 200: topProviderPage },
      },
    },
    async (request, reply) => {
      return sendCached(
        reply,
        app.readCache,
        catalogueCache.key.topProviders(request.query),
        topProviderPage,
        async () => {
          const { city, ...page } = request.query;
          const { items, meta } = await providers.listBestRated(db(), page, city);
          return { status: 1 as const, data: items, meta };
        },
      );
    },
  );

  app.get(
    api.search,
    {
      onRequest: optionalUser,
      schema: {
        tags,
        summary: 'Search active providers by text and filters',
        description:
          'Every word must begin a word of the name, a service title or the about text, accents and case aside ("plu" finds Plumbing); when none matches, a part of a name is looked for, then each word one or two letters off a known word ("plumer" finds Plumbing). Name matches first, then service, then about; best rated first within each. No text: every provider, best rated first. ' +
          filtersDoc +
          ' ' +
          addressDoc,
        security: optionalSecurity,
        querystring: searchQuery,
        response: { 200: providerPage, 400: failure, 503: failure },
      },
    },
    async (request, reply) => {
      const { items, meta } = await inTime(
        reply,
        discover(searchDb(), request.query, new Date(), searchBy(request.user)),
      );
      return { status: 1 as const, data: items, meta };
    },
  );

  app.get(
    api.suggest,
    {
      schema: {
        tags,
        summary: `Up to ${discoveryLimits.suggestions} suggestions for what is being typed: categories, then provider names`,
        querystring: suggestQuery,
        response: { 200: suggestions, 400: failure, 503: failure },
      },
    },
    async (request, reply) => ({
      status: 1 as const,
      data: await inTime(reply, suggest(searchDb(), request.query.text)),
    }),
  );

  app.post(
    api.searchRecord,
    {
      config: {
        limits: [
          perMember('searches', searchLimits.recordsPerMinute, '1 minute', { message: providerText.tooManySearches }),
        ],
      },
      onRequest: requireMember(),
      schema: {
        tags,
        summary: `Keep what the signed-in member searched for (user_id must be the caller) and answer the providers found for it, as the first page of GET /services/search; at most ${searchLimits.recordsPerMinute} a minute (429 beyond)`,
        description: addressDoc,
        security,
        body: searchRecordBody,
        response: { 200: searchAnswer, 503: failure },
      },
    },
    async (request, reply) => {
      assertSelf(request, request.body.user_id);
      const { text } = request.body;
      await providers.recordSearch(db(), caller(request).id, text);
      const { items } = await inTime(
        reply,
        discover(searchDb(), searchQuery.parse({ text }), new Date(), searchBy(caller(request))),
      );
      return { status: 1 as const, message: notice.searchOk, data: items };
    },
  );

  app.get(
    api.serviceUserList,
    {
      onRequest: optionalUser,
      schema: {
        tags,
        summary:
          'Active providers offering a service category, best rated first; 404 for an unknown or archived category',
        description: `Takes the filters of GET /services/search but \`category\` (the path names it). ${filtersDoc} ${addressDoc}`,
        security: optionalSecurity,
        params: serviceIdParam,
        querystring: serviceProvidersQuery,
        response: { 200: providerPage, 400: failure, 404: failure, 503: failure },
      },
    },
    async (request, reply) => {
      const category = request.params.serviceId;
      await providers.assertOpenCategory(db(), category);
      const { items, meta } = await inTime(
        reply,
        discover(searchDb(), { ...request.query, category }, new Date(), searchBy(request.user)),
      );
      return { status: 1 as const, data: items, meta };
    },
  );

  app.get(
    api.providerDetail,
    {
      onRequest: optionalUser,
      schema: {
        tags,
        summary: 'One active provider: its card and the services it offers; 404 otherwise',
        description: addressDoc,
        security: optionalSecurity,
        params: providerIdParam,
        response: { 200: detail },
      },
    },
    async (request) => ({
      status: 1 as const,
      data: await providers.getProvider(db(), request.params.id, request.user),
    }),
  );

  app.get(
    api.providerBySlug,
    {
      onRequest: optionalUser,
      schema: {
        tags,
        summary:
          'The provider whose public page is /providers/{slug}: the same answer as /services/provider/{id}; 404 otherwise',
        description: addressDoc,
        security: optionalSecurity,
        params: providerSlugParam,
        response: { 200: detail },
      },
    },
    async (request) => {
      const id = await providers.listedProviderBySlug(db(), request.params.slug);
      if (!id) throw notFound(providerText.providerNotFound);
      return { status: 1 as const, data: await providers.getProvider(db(), id, request.user) };
    },
  );

  // Public and without a rate limit, as the other public reads: one row by its key and the
  // in-memory gazetteer. The distance is no more than search answers anyone (docs/decisions/016).
  app.get(
    api.providerServes,
    {
      schema: {
        tags,
        summary:
          'Whether a booking at `address` is in the provider’s service area, as booking checks it: `serves`, the great-circle `km` from where the provider is based (one decimal; null for an address that names no place we know in Austin, Dallas or New York: not served), the provider’s `area` (never its street), `radiusKm`, and whether the address is placed only `approximate`ly (by its ZIP code or city only). A street without its city is read in `city` (where the customer looks), then in the provider’s city. 404 for a provider customers cannot see',
        params: providerIdParam,
        querystring: servesQuery,
        response: { 200: served, 400: failure, 404: failure },
      },
    },
    async (request) => ({
      status: 1 as const,
      data: await providerServes(db(), request.params.id, request.query.address, request.query.city),
    }),
  );

  app.get(
    api.providerReviews,
    {
      schema: {
        tags,
        summary: "An active provider's visible ratings, newest first, with who wrote each; 404 for an unknown provider",
        params: providerIdParam,
        querystring: pageQuery,
        response: { 200: reviewPage },
      },
    },
    async (request) => {
      const { items, meta } = await providers.listProviderReviews(db(), request.params.id, request.query);
      return { status: 1 as const, data: items, meta };
    },
  );
};
