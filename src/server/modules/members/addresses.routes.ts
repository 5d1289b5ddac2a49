// GET/POST /members/addresses and DELETE /members/addresses/:id: the caller's own saved addresses
// (members only; an id of another member's address is not found).
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  savedAddress,
  savedAddressForm,
  savedAddressIdParam,
  savedAddressLimits,
} from '../../../contract/addresses.js';
import { failure, ok, okMessage } from '../../../contract/common.js';
import { savedAddressText as t } from '../../../contract/messages.js';
import { api } from '../../../contract/paths.js';
import { perMember } from '../../platform/rate-limit.js';
import { caller, requireMember } from '../auth/auth.guard.js';
import * as addresses from './addresses.service.js';

const tags = ['members'];
const security = [{ bearer: [] }];
// Built once: a schema made per request costs more than it checks.
const savedList = ok(savedAddress.array());
const savedOne = ok(savedAddress).extend({ message: okMessage.shape.message });

export const addressesRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = () => app.deps.database.db;
  const changes = [perMember('addresses', 60, '1 hour', { message: t.tooManyChanges })];

  app.get(
    api.savedAddresses,
    {
      onRequest: requireMember(),
      schema: {
        tags,
        security,
        summary: `The caller's saved addresses (at most ${savedAddressLimits.perMember}), newest first`,
        response: { 200: savedList, 401: failure },
      },
    },
    async (request) => ({ status: 1 as const, data: await addresses.listSavedAddresses(db(), caller(request).id) }),
  );

  app.post(
    api.savedAddresses,
    {
      config: { limits: changes },
      onRequest: requireMember(),
      schema: {
        tags,
        security,
        summary: `Save an address for the caller: the line, a unit or apartment, and a label (home, work or other); 409 for one saved already or beyond ${savedAddressLimits.perMember}`,
        body: savedAddressForm,
        response: { 200: savedOne, 400: failure, 401: failure, 409: failure },
      },
    },
    async (request) => ({
      status: 1 as const,
      message: t.added,
      data: await addresses.addSavedAddress(db(), caller(request).id, request.body),
    }),
  );

  app.delete(
    api.savedAddress,
    {
      config: { limits: changes },
      onRequest: requireMember(),
      schema: {
        tags,
        security,
        summary: "Delete one of the caller's saved addresses; 404 for any other id",
        params: savedAddressIdParam,
        response: { 200: okMessage, 400: failure, 401: failure, 404: failure },
      },
    },
    async (request) => {
      await addresses.deleteSavedAddress(db(), caller(request).id, request.params.id);
      return { status: 1 as const, message: t.deleted };
    },
  );
};
