// The catalogue reads the home pages show: service categories, offers and top providers.
// Each fetcher sits next to its query key, so whoever invalidates the cache finds both here.
// Only types come from the contract: the zod schemas stay out of the first route's bundle.
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { Category, Offer, TopProviderCard } from '../../../contract/catalogue.js';
import { catalogueEndpoints } from '../../../contract/endpoints/catalogue.js';
import type { PortalCity } from '../../../contract/places.js';
import { call } from '../../lib/api.js';

export const catalogueKeys = {
  all: ['catalogue'] as const,
  categories: () => [...catalogueKeys.all, 'categories'] as const,
  offers: (city: PortalCity | null) => [...catalogueKeys.all, 'offers', city] as const,
  topProviders: (city: PortalCity | null) => [...catalogueKeys.all, 'topProviders', city] as const,
};

/** Categories are few (six in the seed); one page of the maximum size holds them all. */
const categoryPageSize = 100;

export async function fetchCategories(signal?: AbortSignal): Promise<Category[]> {
  return (await call(catalogueEndpoints.categories, undefined, { query: { limit: categoryPageSize }, signal })).data;
}

/** `city`: the chosen city, whose offers come first (null: none chosen). */
export async function fetchOffers(city: PortalCity | null, signal?: AbortSignal): Promise<Offer[]> {
  return (await call(catalogueEndpoints.offers, undefined, { query: { city: city ?? undefined }, signal })).data;
}

/** The home pages show the best eight; the whole ranking is the search's job. */
const topProvidersShown = 8;

/** `city`: the chosen city, whose providers come first (null: none chosen). */
export async function fetchTopProviders(city: PortalCity | null, signal?: AbortSignal): Promise<TopProviderCard[]> {
  const query = { limit: topProvidersShown, city: city ?? undefined };
  return (await call(catalogueEndpoints.topProviders, undefined, { query, signal })).data;
}

export const useCategories = () =>
  useQuery({ queryKey: catalogueKeys.categories(), queryFn: ({ signal }) => fetchCategories(signal) });

// A city's list is a query of its own, so the list the server drew (no city: it cannot read the
// browser's choice) hydrates as drawn; it stays shown until the city's arrives.
export const useOffers = (city: PortalCity | null) =>
  useQuery({
    queryKey: catalogueKeys.offers(city),
    queryFn: ({ signal }) => fetchOffers(city, signal),
    placeholderData: keepPreviousData,
  });

export const useTopProviders = (city: PortalCity | null) =>
  useQuery({
    queryKey: catalogueKeys.topProviders(city),
    queryFn: ({ signal }) => fetchTopProviders(city, signal),
    placeholderData: keepPreviousData,
  });
