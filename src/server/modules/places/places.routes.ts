// GET /v1/places/autocomplete?q= — address suggestions for the booking dialog's Location field
// ("address autocomplete from a maps service"). GET /v1/places/search?q= — the public place search
// of the location chooser: places with their points.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { placeSuggestion, placesQuery } from '../../../contract/bookings.js';
import { failure, ok } from '../../../contract/common.js';
import { api } from '../../../contract/paths.js';
import { foundPlace, placeLimits, placeSearchQuery } from '../../../contract/places.js';
import { GazetteerPlaces } from '../../platform/places.js';
import { caller, requireMember } from '../auth/auth.guard.js';
import { searchPlaces, suggestPlaces } from './places.service.js';

// Built once: a schema made per request costs more than it checks.
const foundPlaces = ok(foundPlace.array());

export const placesRoutes: FastifyPluginAsyncZod = async (app) => {
  const places = app.deps.places ?? new GazetteerPlaces();

  app.get(
    api.placesAutocomplete,
    {
      onRequest: requireMember(),
      schema: {
        tags: ['places'],
        security: [{ bearer: [] }],
        summary:
          'Up to 8 address suggestions: the caller’s saved addresses first, then their own earlier booking addresses, then places in Austin, Dallas and New York (those of `city` first; a house number typed before a known street is kept); none for fewer than 2 characters',
        querystring: placesQuery,
        response: { 200: ok(placeSuggestion.array()), 400: failure, 401: failure },
      },
    },
    async (request) => {
      const { q, city } = request.query;
      const data = await suggestPlaces(app.deps.database.db, places, caller(request).id, q, city);
      return { status: 1 as const, data };
    },
  );

  // Public and without a rate limit, as the other public reads: it reads an in-memory table.
  app.get(
    api.placesSearch,
    {
      schema: {
        tags: ['places'],
        summary: `Up to ${placeLimits.results} places in Austin, Dallas and New York matching what was typed, each with its point and city: a served city whose name the text starts first (at its centre), then areas, streets and addresses; none for fewer than ${placeLimits.queryMin} characters`,
        querystring: placeSearchQuery,
        response: { 200: foundPlaces, 400: failure },
      },
    },
    async (request) => ({ status: 1 as const, data: searchPlaces(request.query.q) }),
  );
};
