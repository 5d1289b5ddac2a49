// Hiding a review from customers and showing it again: POST /admin/ratings/hide.
import { useMutation } from '@tanstack/react-query';
import type { HideRatingBody } from '../../../../contract/bookings.js';
import { api } from '../../../../contract/paths.js';
import { post } from '../../../lib/api.js';
import { useInvalidateList } from '../../../ui/listing/useListing.js';

export function useHideRating() {
  const invalidate = useInvalidateList();
  return useMutation({
    mutationFn: (body: HideRatingBody) =>
      post<{ _id: string; hidden: boolean }>(api.hideRating, body, { scope: 'admin' }),
    onSuccess: () => void invalidate(api.adminRatings),
  });
}
