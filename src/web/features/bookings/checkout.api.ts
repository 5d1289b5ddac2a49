// What the booking dialog's checkout reads: the provider's price list, the marketplace's terms
// (the fee and the cancellation policy), the provider's offers with coupon terms, and the
// customer's ongoing bookings (one booking at the same time is worth a warning); and whether the
// provider serves the address typed.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { pageLimits } from '../../../contract/common.js';
import { bookingEndpoints, checkoutEndpoints } from '../../../contract/endpoints/bookings.js';
import { catalogueEndpoints } from '../../../contract/endpoints/catalogue.js';
import { providerEndpoints } from '../../../contract/endpoints/providers.js';
import type { PortalCity } from '../../../contract/places.js';
import { call } from '../../lib/api.js';
import { bookingKeys } from './api.js';

export const checkoutKeys = {
  prices: (providerId: string) => [...bookingKeys.all, 'prices', providerId] as const,
  terms: () => [...bookingKeys.all, 'terms'] as const,
  offers: () => [...bookingKeys.all, 'offers'] as const,
  /** Under the lists: a booking made or cancelled refreshes it with them. */
  ongoingAll: (userId: string) => [...bookingKeys.lists(), 'ongoing-all', userId] as const,
  serves: (providerId: string, address?: string, city?: PortalCity) =>
    [...bookingKeys.all, 'serves', providerId, ...(address === undefined ? [] : [address, city ?? null])] as const,
};

/** GET /providers/{id}/prices: every service the provider offers, with its price and unit. */
export function usePriceList(providerId: string) {
  return useQuery({
    queryKey: checkoutKeys.prices(providerId),
    queryFn: async ({ signal }) =>
      (await call(checkoutEndpoints.prices, undefined, { params: { id: providerId }, signal })).data,
    staleTime: 60_000,
  });
}

/** GET /services/terms: the platform fee and the late-cancellation fee. */
export function useCheckoutTerms() {
  return useQuery({
    queryKey: checkoutKeys.terms(),
    queryFn: async ({ signal }) => (await call(checkoutEndpoints.terms, undefined, { signal })).data,
    staleTime: 60_000,
  });
}

/** The active Best Offers (one page of the most the list gives); the dialog keeps the provider's coupons. */
export function useActiveOffers() {
  return useQuery({
    queryKey: checkoutKeys.offers(),
    queryFn: async ({ signal }) =>
      (await call(catalogueEndpoints.offers, undefined, { query: { limit: pageLimits.maxSize }, signal })).data,
    staleTime: 60_000,
  });
}

/** The customer's requested and accepted bookings, as many as one page holds. */
export function useOngoingBookings(userId: string) {
  return useQuery({
    queryKey: checkoutKeys.ongoingAll(userId),
    queryFn: async ({ signal }) =>
      (
        await call(bookingEndpoints.ongoing, undefined, {
          params: { userId },
          query: { page: 1, limit: pageLimits.maxSize },
          signal,
        })
      ).data,
    staleTime: 0,
  });
}

/**
 * GET /providers/{id}/serves: whether a booking at the address is in the provider's service area;
 * `city`, where the customer looks, is where a street typed without its city is read.
 */
export const serviceAreaQuery = (providerId: string, address: string, city?: PortalCity) =>
  queryOptions({
    queryKey: checkoutKeys.serves(providerId, address, city),
    queryFn: async ({ signal }) =>
      (
        await call(providerEndpoints.serves, undefined, {
          params: { id: providerId },
          query: { address, ...(city ? { city } : {}) },
          signal,
        })
      ).data,
    staleTime: 60_000,
  });

/** The answer for `address` (trimmed); nothing is asked for an empty one. */
export function useServiceArea(providerId: string, address: string, city?: PortalCity) {
  return useQuery({ ...serviceAreaQuery(providerId, address, city), enabled: address !== '' });
}
