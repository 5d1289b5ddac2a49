// Hiding a review from customers and showing it again: POST /admin/ratings/hide.
import { useMutation } from '@tanstack/react-query';
import type { HideRatingBody } from '../../../../contract/bookings.js';
import { bookingAdminEndpoints } from '../../../../contract/endpoints/bookings.js';
import { api } from '../../../../contract/paths.js';
import { call } from '../../../lib/api.js';
import { useInvalidateList } from '../../../ui/listing/useListing.js';

export function useHideRating() {
  const invalidate = useInvalidateList();
  return useMutation({
    mutationFn: (body: HideRatingBody) => call(bookingAdminEndpoints.hideRating, body),
    onSuccess: () => void invalidate(api.adminRatings),
  });
}
