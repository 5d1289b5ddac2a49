// The place search of the location dialog and the member's saved location. Each fetcher sits next
// to its query key. Only types come from the contract (no zod in the bundle).
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { memberEndpoints } from '../../../contract/endpoints/members.js';
import { placeEndpoints } from '../../../contract/endpoints/places.js';
import type { ChosenLocation } from '../../../contract/places.js';
import { call } from '../../lib/api.js';

export const placeKeys = {
  all: ['places'] as const,
  search: (q: string) => [...placeKeys.all, 'search', q] as const,
};

/** Places of the served cities matching what is typed (areas, ZIP codes, streets, addresses). */
export function usePlaceSearch(q: string, minLength: number) {
  const query = q.trim();
  return useQuery({
    queryKey: placeKeys.search(query.toLowerCase()),
    queryFn: async ({ signal }) => (await call(placeEndpoints.search, undefined, { query: { q: query }, signal })).data,
    enabled: query.length >= minLength,
    staleTime: 5 * 60_000,
    // The last list stays while the next one loads.
    placeholderData: keepPreviousData,
  });
}

/** PUT /members/location: the signed-in member's choice (null: anywhere). */
export async function saveMemberLocation(location: ChosenLocation | null) {
  await call(memberEndpoints.saveLocation, { location });
}
