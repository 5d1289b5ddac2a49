// Finding providers: the providers of a service, one provider, its reviews and search. Each
// fetcher sits next to its query key. Only types come from the contract (no zod in the bundle).
import { keepPreviousData, useInfiniteQuery, useMutation, useQuery } from '@tanstack/react-query';
import type { ProviderDetail, ProviderListItem, ProviderReview } from '../../../contract/providers.js';
import { api, fill } from '../../../contract/paths.js';
import { get, nextPage, post } from '../../lib/api.js';

export const providerKeys = {
  all: ['providers'] as const,
  ofService: (serviceId: string) => [...providerKeys.all, 'ofService', serviceId] as const,
  detail: (providerId: string) => [...providerKeys.all, 'detail', providerId] as const,
  reviews: (providerId: string) => [...providerKeys.all, 'reviews', providerId] as const,
  search: (text: string) => [...providerKeys.all, 'search', text] as const,
};

/** Cards a list page loads at a time ('Show more' loads the next ones). */
export const providerPageSize = 12;
export const reviewPageSize = 5;

/** Where a provider opens: the booking page with its dialog (and the service it was found under). */
export function providerPath(providerId: string, serviceId?: string | null): string {
  const query = new URLSearchParams();
  if (serviceId) query.set('service', serviceId);
  query.set('provider', providerId);
  return `/Services_booking?${query.toString()}`;
}

// ---------------------------------------------------------------- providers of a service

export function useProvidersOfService(serviceId: string | null) {
  return useInfiniteQuery({
    queryKey: providerKeys.ofService(serviceId ?? ''),
    queryFn: ({ pageParam, signal }) =>
      get<ProviderListItem[]>(fill(api.serviceUserList, { serviceId: serviceId ?? '' }), {
        query: { page: pageParam, limit: providerPageSize },
        signal,
      }),
    initialPageParam: 1,
    getNextPageParam: nextPage,
    enabled: Boolean(serviceId),
  });
}

// ---------------------------------------------------------------- one provider

export function useProvider(providerId: string | null) {
  return useQuery({
    queryKey: providerKeys.detail(providerId ?? ''),
    queryFn: async ({ signal }) =>
      (await get<ProviderDetail>(fill(api.providerDetail, { id: providerId ?? '' }), { signal })).data,
    enabled: Boolean(providerId),
  });
}

/** The provider's reviews, newest first, five at a time. */
export function useProviderReviews(providerId: string | null) {
  return useInfiniteQuery({
    queryKey: providerKeys.reviews(providerId ?? ''),
    queryFn: ({ pageParam, signal }) =>
      get<ProviderReview[]>(fill(api.providerReviews, { id: providerId ?? '' }), {
        query: { page: pageParam, limit: reviewPageSize },
        signal,
      }),
    initialPageParam: 1,
    getNextPageParam: nextPage,
    enabled: Boolean(providerId),
  });
}

// ---------------------------------------------------------------- search

/** Search results for a text (empty: every provider, best rated first), a page at a time. */
export function useProviderSearch(text: string) {
  return useInfiniteQuery({
    queryKey: providerKeys.search(text),
    queryFn: ({ pageParam, signal }) =>
      get<ProviderListItem[]>(api.search, { query: { text, page: pageParam, limit: providerPageSize }, signal }),
    initialPageParam: 1,
    getNextPageParam: nextPage,
    // While the next text's answer is on its way, the last results stay on screen.
    placeholderData: keepPreviousData,
  });
}

/** Keeps what a signed-in member searched for (the spec's search record). */
export function useRecordSearch() {
  return useMutation({
    mutationFn: (body: { user_id: string; text: string }) => post<undefined>(api.searchRecord, body),
  });
}
