// One booking's page: the booking with its timeline (its customer's, its provider's or an admin's
// call) and its calendar file. The member's copy sits under the bookings key, so a cancel, an
// answer or a notification that refreshes the lists refreshes it too; the admin's is apart.
import { useQuery } from '@tanstack/react-query';
import { bookingPageEndpoints } from '../../../contract/endpoints/bookings.js';
import { api, fill } from '../../../contract/paths.js';
import { call, download } from '../../lib/api.js';
import { bookingKeys } from './api.js';

type Scope = 'member' | 'admin';

export const bookingPageKeys = {
  detail: (id: string) => [...bookingKeys.all, 'detail', id] as const,
  admin: (id: string) => ['admin', 'booking', id] as const,
};

export function useBooking(id: string | null, scope: Scope = 'member') {
  return useQuery({
    queryKey: scope === 'admin' ? bookingPageKeys.admin(id ?? '') : bookingPageKeys.detail(id ?? ''),
    queryFn: async ({ signal }) =>
      (await call(bookingPageEndpoints.detail, undefined, { params: { id: id ?? '' }, scope, signal })).data,
    enabled: id !== null,
    // The page follows the booking as it moves on: no stale copy after an answer elsewhere.
    staleTime: 0,
    // Paid by card: Stripe's webhook makes it a request, which nothing else tells this page.
    refetchInterval: (query) => (query.state.data?.status === 'awaiting_payment' ? 2000 : false),
  });
}

/** The booking as an .ics file, saved by the browser under the server's name. */
export const downloadBookingCalendar = (id: string, scope: Scope = 'member') =>
  download(fill(api.bookingCalendar, { id }), { scope });
