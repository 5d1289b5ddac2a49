// The admin's booking calls: the people the Create Booking modal searches and the booking itself
// (POST /services/addbooking with the admin session). Free slots come from the member dialog's
// own hook (features/bookings), so both offer the same times and share one cache.
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { MemberRow } from '../../../../contract/admin.js';
import type { AddBookingBody, BookingItem } from '../../../../contract/bookings.js';
import { api } from '../../../../contract/paths.js';
import { get, post } from '../../../lib/api.js';
import { useSubmitKeys } from '../../../lib/submit-key.js';
import { bookingKeys } from '../api.js';
import { useInvalidateList } from '../../../ui/listing/useListing.js';

/** Options offered while searching a person. */
export const peopleLimit = 10;

export const adminBookingKeys = {
  people: (path: string, q: string) => ['admin', 'people', path, q] as const,
};

/** Customers (`api.adminUsers`) or providers (`api.adminVendors`) matching the typed text. */
export function usePeopleSearch(path: string, q: string) {
  return useQuery({
    queryKey: adminBookingKeys.people(path, q),
    queryFn: async ({ signal }) =>
      (await get<MemberRow[]>(path, { scope: 'admin', signal, query: { q, limit: peopleLimit, sort: 'name' } })).data,
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
      post<BookingItem>(api.addBooking, body, { scope: 'admin', idempotencyKey: keys.for(body) }),
    // Taken or not, the provider's free times changed or may have; a new booking joins the list.
    onSettled: (_data, _error, body) =>
      void queryClient.invalidateQueries({ queryKey: bookingKeys.providerSlots(body.bookedto) }),
    onSuccess: () => {
      keys.renew();
      void invalidateList(api.adminBookings);
    },
  });
}
