// The provider's own price list (/provider/profile).
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { priceItem, pricesBody } from '../../../contract/checkout.js';
import { failure, ok } from '../../../contract/common.js';
import { checkoutText } from '../../../contract/messages.js';
import { api } from '../../../contract/paths.js';
import { perMember } from '../../platform/rate-limit.js';
import { caller, requireRole } from '../auth/auth.guard.js';
import { priceList, savePrices } from './prices.service.js';

const tags = ['provider portal'];
const security = [{ bearer: [] }];

export const checkoutPortalRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = () => app.deps.database.db;

  app.get(
    api.myPrices,
    {
      onRequest: requireRole('provider'),
      schema: {
        tags,
        security,
        summary: 'The caller’s price list, one line per offered service',
        response: { 200: ok(z.array(priceItem)), 401: failure, 403: failure, 404: failure },
      },
    },
    async (request) => ({ status: 1 as const, data: await priceList(db(), caller(request).id, 'own') }),
  );

  app.put(
    api.myPrices,
    {
      onRequest: requireRole('provider'),
      config: { limits: [perMember('prices', 30, '1 hour')] },
      schema: {
        tags,
        security,
        summary:
          'Replace the caller’s price list: per offered service a price in cents (100 to 10,000,000), a unit (visit | hour) and the expected minutes (15 to 720). A service the caller does not offer is refused with 400 and nothing changes',
        body: pricesBody,
        response: { 200: ok(z.array(priceItem)), 400: failure, 401: failure, 403: failure, 429: failure },
      },
    },
    async (request) => ({
      status: 1 as const,
      message: checkoutText.pricesSaved,
      data: await savePrices(db(), caller(request).id, request.body),
    }),
  );
};
