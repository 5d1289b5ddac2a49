// The public provider calls (paths/providers.ts), typed by the schemas of providers.ts.
import type { z } from 'zod';
import { getting, posting } from '../endpoint.js';
import { api } from '../paths/providers.js';
import type { providerDetail, providerListItem, providerReview, searchRecordBody, suggestion } from '../providers.js';

type ProviderList = z.infer<typeof providerListItem>[];

export const providerEndpoints = {
  search: getting<ProviderList>(api.search),
  suggest: getting<z.infer<typeof suggestion>[]>(api.suggest),
  recordSearch: posting<z.input<typeof searchRecordBody>, undefined>(api.searchRecord),
  ofService: getting<ProviderList>(api.serviceUserList),
  detail: getting<z.infer<typeof providerDetail>>(api.providerDetail),
  bySlug: getting<z.infer<typeof providerDetail>>(api.providerBySlug),
  reviews: getting<z.infer<typeof providerReview>[]>(api.providerReviews),
};
