// GET /v1/places/autocomplete?q= — address suggestions for the booking dialog's Location field
// ("address autocomplete from a maps service").
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { placeSuggestion, placesQuery } from '../../../contract/bookings.js';
import { failure, ok } from '../../../contract/common.js';
import { api } from '../../../contract/paths.js';
import { GazetteerPlaces } from '../../platform/places.js';
import { caller, requireMember } from '../auth/auth.guard.js';
import { suggestPlaces } from './places.service.js';

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
          'Up to 8 address suggestions: the caller’s own earlier booking addresses first, then places in Austin, Dallas and New York; none for fewer than 2 characters',
        querystring: placesQuery,
        response: { 200: ok(placeSuggestion.array()), 400: failure, 401: failure },
      },
    },
    async (request) => {
      const data = await suggestPlaces(app.deps.database.db, places, caller(request).id, request.query.q);
      return { status: 1 as const, data };
    },
  );
};
