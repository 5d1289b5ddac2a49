// The catalogue's public reads (paths/catalogue.ts), typed by the schemas of catalogue.ts.
import type { z } from 'zod';
import type { category, offer, topProviderCard } from '../catalogue.js';
import { getting } from '../endpoint.js';
import { api } from '../paths/catalogue.js';

export const catalogueEndpoints = {
  categories: getting<z.infer<typeof category>[]>(api.serviceListing),
  offers: getting<z.infer<typeof offer>[]>(api.offerListing),
  topProviders: getting<z.infer<typeof topProviderCard>[]>(api.topServiceProvider),
};
