// The back-office's side of checkout: the marketplace's terms (platform fee, late-cancellation
// fee) and correcting a provider's price list (/vendorDetail).
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { marketSettings, priceItem, pricesBody } from '../../../contract/checkout.js';
import { failure, idParam, ok } from '../../../contract/common.js';
import { checkoutText } from '../../../contract/messages.js';
import { api } from '../../../contract/paths.js';
import { caller, requireAdmin } from '../auth/auth.guard.js';
import { marketTerms, saveMarketTerms } from './bookings.payment.js';
import { priceList, savePrices } from './prices.service.js';

const tags = ['admin: bookings'];
const security = [{ bearer: [] }];

export const checkoutAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = () => app.deps.database.db;

  app.get(
    api.adminSettings,
    {
      onRequest: requireAdmin(),
      schema: {
        tags,
        security,
        summary:
          'The marketplace’s terms: the platform fee (hundredths of a percent of the service price) and the late-cancellation fee in cents',
        response: { 200: ok(marketSettings), 401: failure, 403: failure },
      },
    },
    async () => ({ status: 1 as const, data: await marketTerms(db()) }),
  );

  app.put(
    api.adminSettings,
    {
      onRequest: requireAdmin(),
      schema: {
        tags,
        security,
        summary:
          'Set the platform fee (0 to 5000 hundredths of a percent) and the late-cancellation fee (0 to 100,000 cents); bookings made before keep the terms they were made with',
        body: marketSettings,
        response: { 200: ok(marketSettings), 400: failure, 401: failure, 403: failure },
      },
    },
    async (request) => ({
      status: 1 as const,
      message: checkoutText.settingsSaved,
      data: await saveMarketTerms(db(), caller(request).id, request.body),
    }),
  );

  app.get(
    api.adminVendorPrices,
    {
      onRequest: requireAdmin(),
      schema: {
        tags,
        security,
        summary: 'A provider’s price list, listed or not',
        params: idParam,
        response: { 200: ok(z.array(priceItem)), 400: failure, 401: failure, 403: failure, 404: failure },
      },
    },
    async (request) => ({ status: 1 as const, data: await priceList(db(), request.params.id, 'admin') }),
  );

  app.put(
    api.adminVendorPrices,
    {
      onRequest: requireAdmin(),
      schema: {
        tags,
        security,
        summary: 'Correct a provider’s price list (the same rules as the provider’s own PUT /provider/prices)',
        params: idParam,
        body: pricesBody,
        response: { 200: ok(z.array(priceItem)), 400: failure, 401: failure, 403: failure, 404: failure },
      },
    },
    async (request) => {
      await priceList(db(), request.params.id, 'admin');
      return {
        status: 1 as const,
        message: checkoutText.pricesSaved,
        data: await savePrices(db(), request.params.id, request.body),
      };
    },
  );
};
