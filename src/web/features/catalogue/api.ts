// The catalogue reads the home pages show: service categories, offers and top providers.
// Each fetcher sits next to its query key, so whoever invalidates the cache finds both here.
// Only types come from the contract: the zod schemas stay out of the first route's bundle.
import { useQuery } from '@tanstack/react-query';
import type { Category, Offer, ProviderCard } from '../../../contract/catalogue.js';
import { api } from '../../../contract/paths.js';
import { get } from '../../lib/api.js';

export const catalogueKeys = {
  all: ['catalogue'] as const,
  categories: () => [...catalogueKeys.all, 'categories'] as const,
  offers: () => [...catalogueKeys.all, 'offers'] as const,
  topProviders: () => [...catalogueKeys.all, 'topProviders'] as const,
};

/** Categories are few (six in the seed); one page of the maximum size holds them all. */
const categoryPageSize = 100;

export async function fetchCategories(signal?: AbortSignal): Promise<Category[]> {
  return (await get<Category[]>(api.serviceListing, { query: { limit: categoryPageSize }, signal })).data;
}

export async function fetchOffers(signal?: AbortSignal): Promise<Offer[]> {
  return (await get<Offer[]>(api.offerListing, { signal })).data;
}

/** The home pages show the best eight; the whole ranking is the search's job. */
const topProvidersShown = 8;

export async function fetchTopProviders(signal?: AbortSignal): Promise<ProviderCard[]> {
  return (await get<ProviderCard[]>(api.topServiceProvider, { query: { limit: topProvidersShown }, signal })).data;
}

export const useCategories = () =>
  useQuery({ queryKey: catalogueKeys.categories(), queryFn: ({ signal }) => fetchCategories(signal) });

export const useOffers = () =>
  useQuery({ queryKey: catalogueKeys.offers(), queryFn: ({ signal }) => fetchOffers(signal) });

export const useTopProviders = () =>
  useQuery({ queryKey: catalogueKeys.topProviders(), queryFn: ({ signal }) => fetchTopProviders(signal) });
