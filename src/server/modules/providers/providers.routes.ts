// Finding providers (/Search and /Services_booking): search, the providers of
// a service, one provider and its reviews are public; recording a search needs the member.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok, okMessage, okPage, pageQuery } from '../../../contract/common.js';
import { notice, providerText } from '../../../contract/messages.js';
import { api } from '../../../contract/paths.js';
import {
  providerDetail,
  providerIdParam,
  providerListItem,
  providerReview,
  searchLimits,
  searchQuery,
  searchRecordBody,
  serviceIdParam,
} from '../../../contract/providers.js';
import { assertSelf, caller, requireMember } from '../auth/auth.guard.js';
import { perMember } from '../../platform/rate-limit.js';
import * as providers from './providers.service.js';

const tags = ['providers'];
const security = [{ bearer: [] }];
// Built once: a schema made per request costs more than it checks.
const providerPage = okPage(providerListItem);
const reviewPage = okPage(providerReview);
const detail = ok(providerDetail);

export const providersRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = () => app.deps.database.db;

  app.get(
    api.search,
    {
      schema: {
        tags,
        summary:
          'Search active providers by name, service titles and about text (word prefixes: "plu" finds Plumbing; a part of a name when no word matches). Name matches first, then service, then about; best rated first within each. No text: every provider, best rated first.',
        querystring: searchQuery,
        response: { 200: providerPage },
      },
    },
    async (request) => {
      const { text, ...page } = request.query;
      const { items, meta } = await providers.searchProviders(db(), text, page);
      return { status: 1 as const, data: items, meta };
    },
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
        summary: `Keep what the signed-in member searched for (user_id must be the caller); at most ${searchLimits.recordsPerMinute} a minute (429 beyond)`,
        security,
        body: searchRecordBody,
        response: { 200: okMessage },
      },
    },
    async (request) => {
      assertSelf(request, request.body.user_id);
      await providers.recordSearch(db(), caller(request).id, request.body.text);
      return { status: 1 as const, message: notice.searchOk };
    },
  );

  app.get(
    api.serviceUserList,
    {
      schema: {
        tags,
        summary:
          'Active providers offering a service category, best rated first; 404 for an unknown or archived category',
        params: serviceIdParam,
        querystring: pageQuery,
        response: { 200: providerPage },
      },
    },
    async (request) => {
      const { items, meta } = await providers.listProvidersOfService(db(), request.params.serviceId, request.query);
      return { status: 1 as const, data: items, meta };
    },
  );

  app.get(
    api.providerDetail,
    {
      schema: {
        tags,
        summary: 'One active provider: its card and the services it offers; 404 otherwise',
        params: providerIdParam,
        response: { 200: detail },
      },
    },
    async (request) => ({ status: 1 as const, data: await providers.getProvider(db(), request.params.id) }),
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
