// The provider portal's calls: who the member is (role), the profile and its price list, the schedule with days off,
// the calendar with its blocked times, and earnings (the jobs and their answers are the bookings domain's, bookings/portal). Each fetcher sits next to its query key and the
// invalidations it causes.
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { BlockBody, ProfileForm, Schedule, ScheduleBody, TimeBlock } from '../../../../contract/portal.js';
import type { PricesBody } from '../../../../contract/checkout.js';
import { bookingPortalEndpoints } from '../../../../contract/endpoints/bookings.js';
import { providerPortalEndpoints } from '../../../../contract/endpoints/providers.js';
import { memberEndpoints } from '../../../../contract/endpoints/members.js';
import { ApiError, call } from '../../../lib/api.js';
import { upload } from '../../../lib/upload.js';
import { profileImageField } from '../../../../contract/profile.js';

export const portalKeys = {
  all: ['provider-portal'] as const,
  profile: () => [...portalKeys.all, 'profile'] as const,
  prices: () => [...portalKeys.all, 'prices'] as const,
  schedule: () => [...portalKeys.all, 'schedule'] as const,
  calendars: () => [...portalKeys.all, 'calendar'] as const,
  calendar: (from: string, days: number) => [...portalKeys.calendars(), from, days] as const,
  earnings: () => [...portalKeys.all, 'earnings'] as const,
  earningJobs: (page: number) => [...portalKeys.earnings(), 'jobs', page] as const,
};

export const earningsPageSize = 20;

export { useMe } from './useMe.js';

export const fetchPortalProfile = async (signal?: AbortSignal) =>
  (await call(providerPortalEndpoints.profile, undefined, { signal })).data;

export function usePortalProfile(enabled = true) {
  return useQuery({ queryKey: portalKeys.profile(), queryFn: ({ signal }) => fetchPortalProfile(signal), enabled });
}

export function useSaveProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ProfileForm) => call(providerPortalEndpoints.saveProfile, body),
    onSuccess: (response) => {
      queryClient.setQueryData(portalKeys.profile(), response.data);
      void queryClient.invalidateQueries({ queryKey: portalKeys.schedule() });
    },
  });
}

// ---------------------------------------------------------------- prices

/** The price list, one line per offered service; empty before the first profile save (a 404). */
export function usePrices(enabled = true) {
  return useQuery({
    queryKey: portalKeys.prices(),
    queryFn: async ({ signal }) => {
      try {
        return (await call(bookingPortalEndpoints.prices, undefined, { signal })).data;
      } catch (error) {
        if (error instanceof ApiError && error.status === 404) return [];
        throw error;
      }
    },
    enabled,
  });
}

export function useSavePrices() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: PricesBody) => call(bookingPortalEndpoints.savePrices, body),
    onSuccess: (response) => queryClient.setQueryData(portalKeys.prices(), response.data),
  });
}

// ---------------------------------------------------------------- schedule

export function useSchedule() {
  return useQuery({
    queryKey: portalKeys.schedule(),
    queryFn: async ({ signal }) => (await call(providerPortalEndpoints.schedule, undefined, { signal })).data,
  });
}

function useScheduleMutation<T>(send: (input: T) => Promise<{ data: Schedule; message?: string }>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSuccess: (response) => {
      queryClient.setQueryData(portalKeys.schedule(), response.data);
      // Hours and days off are drawn on the calendar.
      void queryClient.invalidateQueries({ queryKey: portalKeys.calendars() });
      // A service without its own price line takes as long as a slot: the list is read afresh.
      queryClient.removeQueries({ queryKey: portalKeys.prices() });
    },
  });
}

export const useSaveSchedule = () =>
  useScheduleMutation((body: ScheduleBody) => call(providerPortalEndpoints.saveSchedule, body));
export const useAddDayOff = () =>
  useScheduleMutation((day: string) => call(providerPortalEndpoints.addDayOff, { day }));
export const useRemoveDayOff = () =>
  useScheduleMutation((day: string) => call(providerPortalEndpoints.removeDayOff, undefined, { params: { day } }));

// ---------------------------------------------------------------- calendar

export function useCalendar(from: string, days: number) {
  return useQuery({
    queryKey: portalKeys.calendar(from, days),
    queryFn: async ({ signal }) =>
      (await call(providerPortalEndpoints.calendar, undefined, { query: { from, days }, signal })).data,
    // Stepping to the next week keeps the last one on screen until it arrives.
    placeholderData: keepPreviousData,
  });
}

function useBlockMutation<T>(send: (input: T) => Promise<{ data: TimeBlock; message?: string }>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: portalKeys.calendars() }),
  });
}

export const useAddBlock = () => useBlockMutation((body: BlockBody) => call(providerPortalEndpoints.addBlock, body));
export const useRemoveBlock = () =>
  useBlockMutation((id: string) => call(providerPortalEndpoints.removeBlock, undefined, { params: { id } }));

// ---------------------------------------------------------------- earnings

export function useEarnings() {
  return useQuery({
    queryKey: portalKeys.earnings(),
    queryFn: async ({ signal }) => (await call(providerPortalEndpoints.earnings, undefined, { signal })).data,
  });
}

export function useEarningJobs(page: number) {
  return useQuery({
    queryKey: portalKeys.earningJobs(page),
    queryFn: ({ signal }) =>
      call(providerPortalEndpoints.earningJobs, undefined, { query: { page, limit: earningsPageSize }, signal }),
    placeholderData: keepPreviousData,
  });
}

/** The provider's photo: the members' image upload (checked and re-encoded on the server). */
export function useUploadPortalImage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ file, onProgress }: { file: File; onProgress?: (fraction: number) => void }) =>
      (await upload(memberEndpoints.image, { files: { [profileImageField]: file }, onProgress })).data,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: portalKeys.profile() }),
  });
}
