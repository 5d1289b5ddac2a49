// The provider's jobs: the list by tab, the tabs' counts and the answers Accept, Decline, Mark
// completed and its Undo.
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { bookingPortalEndpoints } from '../../../../contract/endpoints/bookings.js';
import type { JobAction, JobTab } from '../../../../contract/portal.js';
import { call } from '../../../lib/api.js';
import { portalKeys } from '../../providers/index.js';
import { bookingPageKeys } from '../booking.api.js';

export const jobKeys = {
  all: [...portalKeys.all, 'jobs'] as const,
  page: (tab: JobTab, page: number) => [...jobKeys.all, tab, page] as const,
  /** Under `all`: whatever reloads the lists (an answer, a notification) reloads the counts too. */
  counts: () => [...jobKeys.all, 'counts'] as const,
  /** Under `all` too: an answer or a notification reloads the home. */
  home: () => [...jobKeys.all, 'home'] as const,
};

export const jobsPageSize = 20;

export function useJobs(tab: JobTab, page: number) {
  return useQuery({
    queryKey: jobKeys.page(tab, page),
    queryFn: ({ signal }) =>
      call(bookingPortalEndpoints.jobs, undefined, { query: { tab, page, limit: jobsPageSize }, signal }),
    placeholderData: keepPreviousData,
  });
}

export function useJobCounts() {
  return useQuery({
    queryKey: jobKeys.counts(),
    queryFn: ({ signal }) => call(bookingPortalEndpoints.jobCounts, undefined, { signal }),
  });
}

export function useProviderHome() {
  return useQuery({
    queryKey: jobKeys.home(),
    queryFn: async ({ signal }) => (await call(bookingPortalEndpoints.home, undefined, { signal })).data,
  });
}

export function useJobAction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, action }: { id: string; action: JobAction }) =>
      call(bookingPortalEndpoints.answer, undefined, { params: { id, action } }),
    // Answered or refused (someone else answered first), every tab may have changed, and so may
    // the earnings and the booking's page.
    onSettled: (_data, _error, { id }) => {
      void queryClient.invalidateQueries({ queryKey: jobKeys.all });
      void queryClient.invalidateQueries({ queryKey: portalKeys.earnings() });
      void queryClient.invalidateQueries({ queryKey: bookingPageKeys.detail(id) });
    },
  });
}
