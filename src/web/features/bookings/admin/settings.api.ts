// The marketplace's terms (GET and PUT /admin/settings): the platform fee and the
// late-cancellation fee, read and set on the back-office's /settings.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { MarketSettings } from '../../../../contract/checkout.js';
import { api } from '../../../../contract/paths.js';
import { get, request } from '../../../lib/api.js';

export const settingsKeys = { terms: ['admin', 'settings'] as const };

export function useMarketSettings() {
  return useQuery({
    queryKey: settingsKeys.terms,
    queryFn: async ({ signal }) => (await get<MarketSettings>(api.adminSettings, { scope: 'admin', signal })).data,
  });
}

/** The answer is the terms as stored; new bookings take them from then on. */
export function useSaveMarketSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: MarketSettings) =>
      request<MarketSettings>(api.adminSettings, { method: 'PUT', body, scope: 'admin' }),
    onSuccess: (response) => queryClient.setQueryData(settingsKeys.terms, response.data),
  });
}
