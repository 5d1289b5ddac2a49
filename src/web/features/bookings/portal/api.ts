// The provider's jobs: the list by tab, the tabs' counts and the answers Accept, Decline, Mark
// completed and its Undo.
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { JobAction, JobCounts, JobItem, JobTab, ProviderHome } from '../../../../contract/portal.js';
import { api, fill } from '../../../../contract/paths.js';
import { get, post } from '../../../lib/api.js';
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
    queryFn: ({ signal }) => get<JobItem[]>(api.providerJobs, { query: { tab, page, limit: jobsPageSize }, signal }),
    placeholderData: keepPreviousData,
  });
}

export function useJobCounts() {
  return useQuery({
    queryKey: jobKeys.counts(),
    queryFn: ({ signal }) => get<JobCounts>(api.providerJobCounts, { signal }),
  });
}

export function useProviderHome() {
  return useQuery({
    queryKey: jobKeys.home(),
    queryFn: async ({ signal }) => (await get<ProviderHome>(api.providerHome, { signal })).data,
  });
}

export function useJobAction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, action }: { id: string; action: JobAction }) =>
      post<{ _id: string; status: string }>(fill(api.providerJobAction, { id, action }), {}),
    // Answered or refused (someone else answered first), every tab may have changed, and so may
    // the earnings and the booking's page.
    onSettled: (_data, _error, { id }) => {
      void queryClient.invalidateQueries({ queryKey: jobKeys.all });
      void queryClient.invalidateQueries({ queryKey: portalKeys.earnings() });
      void queryClient.invalidateQueries({ queryKey: bookingPageKeys.detail(id) });
    },
  });
}
