// The marketplace's terms (GET and PUT /admin/settings): the platform fee and the
// late-cancellation fee, read and set on the back-office's /settings.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { MarketSettings } from '../../../../contract/checkout.js';
import { bookingAdminEndpoints } from '../../../../contract/endpoints/bookings.js';
import { call } from '../../../lib/api.js';

export const settingsKeys = { terms: ['admin', 'settings'] as const };

export function useMarketSettings() {
  return useQuery({
    queryKey: settingsKeys.terms,
    queryFn: async ({ signal }) => (await call(bookingAdminEndpoints.settings, undefined, { signal })).data,
  });
}

/** The answer is the terms as stored; new bookings take them from then on. */
export function useSaveMarketSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: MarketSettings) => call(bookingAdminEndpoints.saveSettings, body),
    onSuccess: (response) => queryClient.setQueryData(settingsKeys.terms, response.data),
  });
}
