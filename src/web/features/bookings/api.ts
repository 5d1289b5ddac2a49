// The booking calls: free slots, book, address suggestions, the ongoing and previous lists,
// cancel and rate. Each fetcher sits next to its query key and the invalidations it causes.
import {
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
  keepPreviousData,
  type InfiniteData,
} from '@tanstack/react-query';
import type {
  AddBookingBody,
  AddRatingBody,
  BookingItem,
  PlaceSuggestion,
  RescheduleBody,
} from '../../../contract/bookings.js';
import { bookingLimits } from '../../../contract/bookings.js';
import { bookingEndpoints } from '../../../contract/endpoints/bookings.js';
import type { PortalCity } from '../../../contract/places.js';
import { call } from '../../lib/api.js';
import { isoDay } from '../../lib/dates.js';
import { useSubmitKeys } from '../../lib/submit-key.js';
import { memberWalletKeys } from '../wallet/index.js';

export const bookingKeys = {
  all: ['bookings'] as const,
  slots: (providerId: string, date: string, minutes?: number) =>
    [...bookingKeys.all, 'slots', providerId, date, minutes ?? null] as const,
  providerSlots: (providerId: string) => [...bookingKeys.all, 'slots', providerId] as const,
  lists: () => [...bookingKeys.all, 'list'] as const,
  list: (kind: BookingListKind, userId: string) => [...bookingKeys.lists(), kind, userId] as const,
  places: (q: string, city?: PortalCity) => [...bookingKeys.all, 'places', q, city ?? null] as const,
};

// ---------------------------------------------------------------- slots and booking

export async function fetchFreeSlots(
  providerId: string,
  date: string,
  minutes?: number,
  signal?: AbortSignal,
): Promise<string[]> {
  const query = minutes === undefined ? { date } : { date, minutes };
  return (await call(bookingEndpoints.freeSlots, undefined, { params: { providerId }, query, signal })).data;
}

/**
 * Free start times of the provider on a date, for a job of `minutes` (one slot when not given);
 * nothing is asked before a date is chosen.
 */
export function useFreeSlots(providerId: string, date: string, minutes?: number) {
  return useQuery({
    queryKey: bookingKeys.slots(providerId, date, minutes),
    queryFn: ({ signal }) => fetchFreeSlots(providerId, date, minutes, signal),
    // Only a day that can be booked: not one passed, too far ahead, or a year being typed.
    enabled: Boolean(providerId) && bookingDay(date) === 'open',
    // Slots go quickly: always ask again when the day is shown again.
    staleTime: 0,
  });
}

export function useAddBooking() {
  const queryClient = useQueryClient();
  const keys = useSubmitKeys();
  return useMutation({
    mutationFn: async (body: AddBookingBody) =>
      await call(bookingEndpoints.add, body, { idempotencyKey: keys.for(body) }),
    onSuccess: () => keys.renew(),
    // Taken or not, the provider's slots and the member's lists changed or may have; a wallet
    // payment holds money.
    onSettled: (_data, _error, body) => {
      void queryClient.invalidateQueries({ queryKey: bookingKeys.providerSlots(body.bookedto) });
      void queryClient.invalidateQueries({ queryKey: bookingKeys.lists() });
      if (body.payment === 'wallet') void queryClient.invalidateQueries({ queryKey: memberWalletKeys.all });
    },
  });
}

// ---------------------------------------------------------------- address suggestions

export const placesQueryMin = 2;

export async function fetchPlaces(q: string, city?: PortalCity, signal?: AbortSignal): Promise<PlaceSuggestion[]> {
  return (await call(bookingEndpoints.places, undefined, { query: { q, ...(city ? { city } : {}) }, signal })).data;
}

/** Suggestions for `q`; a street typed without its city is read in `city`. */
export function usePlaceSuggestions(q: string, city?: PortalCity) {
  const query = q.trim();
  return useQuery({
    queryKey: bookingKeys.places(query.toLowerCase(), city),
    queryFn: ({ signal }) => fetchPlaces(query, city, signal),
    enabled: query.length >= placesQueryMin,
    staleTime: 60_000,
    // Keep the last list on screen while the next one loads.
    placeholderData: keepPreviousData,
  });
}

// ---------------------------------------------------------------- lists

export type BookingListKind = 'ongoing' | 'previous';
export const bookingPageSize = 10;

const listEndpoint = { ongoing: bookingEndpoints.ongoing, previous: bookingEndpoints.previous } as const;

export function useBookingList(kind: BookingListKind, userId: string) {
  return useInfiniteQuery({
    queryKey: bookingKeys.list(kind, userId),
    queryFn: async ({ pageParam, signal }) => {
      const page = await call(listEndpoint[kind], undefined, {
        params: { userId },
        query: { page: pageParam, limit: bookingPageSize },
        signal,
      });
      return {
        items: page.data,
        meta: page.meta ?? { page: pageParam, limit: bookingPageSize, total: page.data.length },
      };
    },
    initialPageParam: 1,
    getNextPageParam: (last) => (last.meta.page * last.meta.limit < last.meta.total ? last.meta.page + 1 : undefined),
    enabled: userId !== '',
    staleTime: 0,
  });
}

// ---------------------------------------------------------------- cancel and rate

/** The list reloads 1 s after a cancel. */
export const reloadDelayMs = 1000;

export function useCancelBooking() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (bookingId: string) =>
      (await call(bookingEndpoints.cancel, undefined, { params: { id: bookingId } })).message,
    onSuccess: () => {
      window.setTimeout(() => void queryClient.invalidateQueries({ queryKey: bookingKeys.all }), reloadDelayMs);
    },
  });
}

export function useAddRating() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: AddRatingBody) => (await call(bookingEndpoints.rate, body)).message,
    onSettled: () => void queryClient.invalidateQueries({ queryKey: bookingKeys.lists() }),
  });
}

// ---------------------------------------------------------------- reschedule

type ListPages = InfiniteData<{ items: BookingItem[]; meta: { page: number; limit: number; total: number } }>;

/** Moves a booking to another free slot; the lists show the new time at once, then read again. */
export function useRescheduleBooking() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: RescheduleBody) => {
      const result = await call(bookingEndpoints.reschedule, body);
      return { booking: result.data, message: result.message };
    },
    onSuccess: ({ booking }) => {
      queryClient.setQueriesData<ListPages>({ queryKey: bookingKeys.lists() }, (data) =>
        data
          ? {
              ...data,
              pages: data.pages.map((page) => ({
                ...page,
                items: page.items.map((item) => (item._id === booking._id ? booking : item)),
              })),
            }
          : data,
      );
    },
    // Moved or refused, the provider's free times and the order of the list may have changed.
    onSettled: (result) => {
      if (result)
        void queryClient.invalidateQueries({ queryKey: bookingKeys.providerSlots(result.booking.bookedto._id) });
      else void queryClient.invalidateQueries({ queryKey: [...bookingKeys.all, 'slots'] });
      void queryClient.invalidateQueries({ queryKey: bookingKeys.lists() });
    },
  });
}

/**
 * Where a chosen day stands in the browser's calendar: none yet (or a year still being typed, such
 * as 0202), passed, beyond the days bookings open for, or open.
 */
export function bookingDay(date: string, now = new Date()): 'none' | 'passed' | 'far' | 'open' {
  if (!/^[1-9]\d{3}-\d{2}-\d{2}$/.test(date)) return 'none';
  if (date < isoDay(now)) return 'passed';
  return date > isoDay(new Date(now.getTime() + bookingLimits.maxDaysAhead * 86_400_000)) ? 'far' : 'open';
}
