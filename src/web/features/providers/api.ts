// Finding providers: the providers of a service, one provider, its reviews, search and the search
// box's suggestions. Each fetcher sits next to its query key. Only types come from the contract
// (no zod in the bundle).
import { keepPreviousData, useInfiniteQuery, useMutation, useQuery } from '@tanstack/react-query';
import { providerEndpoints } from '../../../contract/endpoints/providers.js';
import type { DiscoveryMeta } from '../../../contract/providers.js';
import { call, nextPage } from '../../lib/api.js';

/** The filters of a list as the server takes them (discoveryQuery in discovery.ts). */
export type ListQuery = Record<string, string | number | undefined>;

export const providerKeys = {
  all: ['providers'] as const,
  ofService: (serviceId: string, filters: ListQuery) => [...providerKeys.all, 'ofService', serviceId, filters] as const,
  detail: (providerId: string) => [...providerKeys.all, 'detail', providerId] as const,
  reviews: (providerId: string) => [...providerKeys.all, 'reviews', providerId] as const,
  search: (filters: ListQuery) => [...providerKeys.all, 'search', filters] as const,
  suggestions: (text: string) => [...providerKeys.all, 'suggest', text] as const,
};

/** The total of a list's first page, and whether there are more than it says ('1,000+'). */
export function listTotal(pages: { meta?: DiscoveryMeta | { total: number } }[] | undefined) {
  const meta = pages?.[0]?.meta as DiscoveryMeta | undefined;
  return meta ? { total: meta.total, more: meta.more === true } : undefined;
}

/** Cards a list page loads at a time ('Show more' loads the next ones). */
export const providerPageSize = 12;
export const reviewPageSize = 5;

// ---------------------------------------------------------------- providers of a service

/** The providers of a service with the page's filters, a page at a time. */
export function useProvidersOfService(serviceId: string | null, filters: ListQuery) {
  return useInfiniteQuery({
    queryKey: providerKeys.ofService(serviceId ?? '', filters),
    queryFn: ({ pageParam, signal }) =>
      call(providerEndpoints.ofService, undefined, {
        params: { serviceId: serviceId ?? '' },
        query: { ...filters, page: pageParam, limit: providerPageSize },
        signal,
      }),
    initialPageParam: 1,
    getNextPageParam: nextPage,
    enabled: Boolean(serviceId),
    // While the next filters' answer is on its way, the same service's last cards stay on screen.
    placeholderData: (previous, previousQuery) =>
      previousQuery?.queryKey[2] === (serviceId ?? '') ? previous : undefined,
  });
}

// ---------------------------------------------------------------- one provider

export function useProvider(providerId: string | null) {
  return useQuery({
    queryKey: providerKeys.detail(providerId ?? ''),
    queryFn: async ({ signal }) =>
      (await call(providerEndpoints.detail, undefined, { params: { id: providerId ?? '' }, signal })).data,
    enabled: Boolean(providerId),
  });
}

/** The provider whose public page is /providers/{slug}. */
export function useProviderPage(slug: string) {
  return useQuery({
    queryKey: [...providerKeys.all, 'page', slug] as const,
    queryFn: async ({ signal }) => (await call(providerEndpoints.bySlug, undefined, { params: { slug }, signal })).data,
    // A page the server drew as failed (an unknown provider's 404) stays so when the browser takes
    // it over: asking again on mount would draw it as loading, on the server too.
    retryOnMount: false,
  });
}

/** The provider's reviews, newest first, five at a time. */
export function useProviderReviews(providerId: string | null) {
  return useInfiniteQuery({
    queryKey: providerKeys.reviews(providerId ?? ''),
    queryFn: ({ pageParam, signal }) =>
      call(providerEndpoints.reviews, undefined, {
        params: { id: providerId ?? '' },
        query: { page: pageParam, limit: reviewPageSize },
        signal,
      }),
    initialPageParam: 1,
    getNextPageParam: nextPage,
    enabled: Boolean(providerId),
  });
}

// ---------------------------------------------------------------- search

/** Search results for a text and filters (none: every provider, best rated first), a page at a time. */
export function useProviderSearch(filters: ListQuery) {
  return useInfiniteQuery({
    queryKey: providerKeys.search(filters),
    queryFn: ({ pageParam, signal }) =>
      call(providerEndpoints.search, undefined, {
        query: { ...filters, page: pageParam, limit: providerPageSize },
        signal,
      }),
    initialPageParam: 1,
    getNextPageParam: nextPage,
    // While the next text's answer is on its way, the last results stay on screen.
    placeholderData: keepPreviousData,
  });
}

/** Categories and provider names for what is being typed (up to 8); nothing for fewer than 2 characters. */
export const suggestMinLength = 2;

export function useSuggestions(text: string) {
  const query = text.trim();
  return useQuery({
    queryKey: providerKeys.suggestions(query.toLowerCase()),
    queryFn: async ({ signal }) =>
      (await call(providerEndpoints.suggest, undefined, { query: { text: query }, signal })).data,
    enabled: query.length >= suggestMinLength,
    staleTime: 60_000,
    placeholderData: keepPreviousData,
  });
}

/** Keeps what a signed-in member searched for (POST /services/searchrecord). */
export function useRecordSearch() {
  return useMutation({
    mutationFn: (body: { user_id: string; text: string }) => call(providerEndpoints.recordSearch, body),
  });
}
