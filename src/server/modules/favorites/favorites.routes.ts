// Favourite providers: check, add, list and remove. Members only; the ids in
// the body are the caller's own or the call is refused (403): an id never reaches another member's data.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok, okMessage, okPage, pageQuery } from '../../../contract/common.js';
import {
  favoriteCheck,
  favoriteCreated,
  favoriteIdParam,
  favoriteItem,
  favoriteListingBody,
  favoritePairBody,
} from '../../../contract/favorites.js';
import { favoriteText, notice } from '../../../contract/messages.js';
import { api } from '../../../contract/paths.js';
import { assertSelf, caller, requireMember } from '../auth/auth.guard.js';
import * as favorites from './favorites.service.js';
import { perAddress, perMember } from '../../platform/rate-limit.js';

const tags = ['favorites'];
const security = [{ bearer: [] }];
const favoritePage = okPage(favoriteItem);

export const favoritesRoutes: FastifyPluginAsyncZod = async (app) => {
  const favoriteLimits = [perMember('favorites', 60, '1 hour'), perAddress('favorites', 240, '1 hour')];
  const db = () => app.deps.database.db;

  app.post(
    api.checkFavorite,
    {
      onRequest: requireMember(),
      schema: {
        tags,
        summary:
          'Whether the caller (liked_by) has the provider (liked_to) among their favourites, and the favourite id',
        security,
        body: favoritePairBody,
        response: { 200: ok(favoriteCheck) },
      },
    },
    async (request) => {
      assertSelf(request, request.body.liked_by);
      return {
        status: 1 as const,
        data: await favorites.checkFavorite(db(), caller(request).id, request.body.liked_to),
      };
    },
  );

  app.post(
    api.addFavorite,
    {
      config: { limits: favoriteLimits },
      onRequest: requireMember(),
      schema: {
        tags,
        summary:
          'Add an active provider to the caller’s favourites; 409 when already there, 400 for oneself, 404 for an unknown provider',
        security,
        body: favoritePairBody,
        response: { 200: ok(favoriteCreated) },
      },
    },
    async (request) => {
      assertSelf(request, request.body.liked_by);
      const data = await favorites.addFavorite(db(), caller(request).id, request.body.liked_to);
      return { status: 1 as const, message: notice.addedFavorite, data };
    },
  );

  app.post(
    api.favoriteListing,
    {
      onRequest: requireMember(),
      schema: {
        tags,
        summary: 'The caller’s favourite providers (liked_by must be the caller), newest first',
        description:
          'Each card carries `area` (the neighbourhood or ZIP area and the city); `address` is the street address only for a provider the caller has an accepted or completed booking with, and the area text otherwise.',
        security,
        body: favoriteListingBody,
        querystring: pageQuery,
        response: { 200: favoritePage },
      },
    },
    async (request) => {
      assertSelf(request, request.body.liked_by);
      const { items, meta } = await favorites.listFavorites(db(), caller(request), request.query);
      return { status: 1 as const, data: items, meta };
    },
  );

  app.get(
    api.removeFavorite,
    {
      config: { limits: favoriteLimits },
      onRequest: requireMember(),
      schema: {
        tags,
        summary: 'Remove one of the caller’s favourites; 403 for another member’s, 404 for an unknown id',
        security,
        params: favoriteIdParam,
        response: { 200: okMessage },
      },
    },
    async (request) => {
      await favorites.removeFavorite(db(), caller(request).id, request.params.id);
      return { status: 1 as const, message: favoriteText.removed };
    },
  );
};
