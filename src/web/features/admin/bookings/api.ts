// The admin's booking calls: the people the Create Booking modal searches, the provider's free
// slots, and the booking itself (POST /services/addbooking with the admin session).
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { MemberRow } from '../../../../contract/admin.js';
import type { AddBookingBody, BookingItem } from '../../../../contract/bookings.js';
import { api, fill } from '../../../../contract/paths.js';
import { get, post } from '../../../api.js';
import { useInvalidateList } from '../listing/useListing.js';

/** Options offered while searching a person. */
export const peopleLimit = 10;

export const adminBookingKeys = {
  people: (path: string, q: string) => ['admin', 'people', path, q] as const,
  slots: (providerId: string, date: string) => ['admin', 'slots', providerId, date] as const,
  providerSlots: (providerId: string) => ['admin', 'slots', providerId] as const,
};

/** Customers (`api.adminUsers`) or providers (`api.adminVendors`) matching the typed text. */
export function usePeopleSearch(path: string, q: string) {
  return useQuery({
    queryKey: adminBookingKeys.people(path, q),
    queryFn: async ({ signal }) => (await get<MemberRow[]>(path, { scope: 'admin', signal, query: { q, limit: peopleLimit, sort: 'name' } })).data,
    enabled: q.length > 0,
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });
}

/** The provider's free start times on a date (the same public call the member's dialog uses). */
export function useProviderSlots(providerId: string, date: string) {
  return useQuery({
    queryKey: adminBookingKeys.slots(providerId, date),
    queryFn: async ({ signal }) => (await get<string[]>(fill(api.availableSlots, { providerId }), { query: { date }, signal })).data,
    enabled: Boolean(providerId && date),
    // Slots go quickly: ask again whenever the day is shown again.
    staleTime: 0,
  });
}

export function useCreateBooking() {
  const queryClient = useQueryClient();
  const invalidateList = useInvalidateList();
  return useMutation({
    mutationFn: (body: AddBookingBody) => post<BookingItem>(api.addBooking, body, { scope: 'admin' }),
    // Taken or not, the provider's free times changed or may have; a new booking joins the list.
    onSettled: (_data, _error, body) => void queryClient.invalidateQueries({ queryKey: adminBookingKeys.providerSlots(body.bookedto) }),
    onSuccess: () => void invalidateList(api.adminBookings),
  });
}
