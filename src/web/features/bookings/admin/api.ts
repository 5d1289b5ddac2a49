// The admin's booking calls: the people the Create Booking modal searches and the booking itself
// (POST /services/addbooking with the admin session). Free slots come from the member dialog's
// own hook (features/bookings), so both offer the same times and share one cache.
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AddBookingBody } from '../../../../contract/bookings.js';
import { bookingAdminEndpoints, bookingEndpoints } from '../../../../contract/endpoints/bookings.js';
import { adminLists } from '../../../../contract/endpoints/listings.js';
import { api } from '../../../../contract/paths.js';
import { call } from '../../../lib/api.js';
import { useSubmitKeys } from '../../../lib/submit-key.js';
import { bookingKeys } from '../api.js';
import { bookingPageKeys } from '../booking.api.js';
import { useInvalidateList } from '../../../ui/listing/useListing.js';

/** Options offered while searching a person. */
export const peopleLimit = 10;

export const adminBookingKeys = {
  people: (path: string, q: string) => ['admin', 'people', path, q] as const,
};

/** The list a person is searched in: the customers or the providers. */
export type PeopleList = typeof adminLists.customers | typeof adminLists.providers;

/** Customers or providers matching the typed text. */
export function usePeopleSearch(list: PeopleList, q: string) {
  return useQuery({
    queryKey: adminBookingKeys.people(list.path, q),
    queryFn: async ({ signal }) =>
      (await call(list, undefined, { signal, query: { q, limit: peopleLimit, sort: 'name' } })).data,
    enabled: q.length > 0,
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });
}

export function useCreateBooking() {
  const queryClient = useQueryClient();
  const invalidateList = useInvalidateList();
  const keys = useSubmitKeys();
  return useMutation({
    mutationFn: (body: AddBookingBody) =>
      call(bookingEndpoints.add, body, { scope: 'admin', idempotencyKey: keys.for(body) }),
    // Taken or not, the provider's free times changed or may have; a new booking joins the list.
    onSettled: (_data, _error, body) =>
      void queryClient.invalidateQueries({ queryKey: bookingKeys.providerSlots(body.bookedto) }),
    onSuccess: () => {
      keys.renew();
      void invalidateList(api.adminBookings);
    },
  });
}

// POST /admin/bookings/{id}/refund { amount }: part or all of a card payment given back.
export function useRefund(bookingId: string) {
  const queryClient = useQueryClient();
  const keys = useSubmitKeys();
  return useMutation({
    mutationFn: (amount: string) =>
      call(
        bookingAdminEndpoints.refund,
        { amount },
        { params: { id: bookingId }, idempotencyKey: keys.for({ amount, bookingId }) },
      ),
    onSuccess: () => {
      keys.renew();
      return queryClient.invalidateQueries({ queryKey: bookingPageKeys.admin(bookingId) });
    },
  });
}
