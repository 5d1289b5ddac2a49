// The provider portal's calls: who the member is (role), the profile, jobs and their answers, the
// schedule with days off, and earnings. Each fetcher sits next to its query key and the
// invalidations it causes.
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  Earnings,
  JobAction,
  JobItem,
  JobTab,
  PortalProfile,
  ProfileBody,
  Schedule,
  ScheduleBody,
} from '../../../contract/portal.js';
import { api, fill } from '../../../contract/paths.js';
import { get, post, request } from '../../api.js';
import { upload } from '../../upload.js';
import { profileImageField } from '../../../contract/profile.js';

export const portalKeys = {
  all: ['provider-portal'] as const,
  profile: () => [...portalKeys.all, 'profile'] as const,
  jobs: () => [...portalKeys.all, 'jobs'] as const,
  jobPage: (tab: JobTab, page: number) => [...portalKeys.jobs(), tab, page] as const,
  schedule: () => [...portalKeys.all, 'schedule'] as const,
  earnings: () => [...portalKeys.all, 'earnings'] as const,
  earningJobs: (page: number) => [...portalKeys.earnings(), 'jobs', page] as const,
};

export const jobsPageSize = 20;

export { useMe } from './useMe.js';

export const fetchPortalProfile = async (signal?: AbortSignal) =>
  (await get<PortalProfile>(api.providerProfile, { signal })).data;

export function usePortalProfile(enabled = true) {
  return useQuery({ queryKey: portalKeys.profile(), queryFn: ({ signal }) => fetchPortalProfile(signal), enabled });
}

export function useSaveProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ProfileBody) => request<PortalProfile>(api.providerProfile, { method: 'PUT', body }),
    onSuccess: (response) => {
      queryClient.setQueryData(portalKeys.profile(), response.data);
      void queryClient.invalidateQueries({ queryKey: portalKeys.schedule() });
    },
  });
}

// ---------------------------------------------------------------- jobs

export function useJobs(tab: JobTab, page: number) {
  return useQuery({
    queryKey: portalKeys.jobPage(tab, page),
    queryFn: ({ signal }) => get<JobItem[]>(api.providerJobs, { query: { tab, page, limit: jobsPageSize }, signal }),
    placeholderData: keepPreviousData,
  });
}

export function useJobAction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, action }: { id: string; action: JobAction }) =>
      post<{ _id: string; status: string }>(fill(api.providerJobAction, { id, action }), {}),
    // Answered or refused (someone else answered first), every tab may have changed.
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: portalKeys.jobs() });
      void queryClient.invalidateQueries({ queryKey: portalKeys.earnings() });
    },
  });
}

// ---------------------------------------------------------------- schedule

export function useSchedule() {
  return useQuery({
    queryKey: portalKeys.schedule(),
    queryFn: async ({ signal }) => (await get<Schedule>(api.providerSchedule, { signal })).data,
  });
}

function useScheduleMutation<T>(call: (input: T) => Promise<{ data: Schedule; message?: string }>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: (response) => queryClient.setQueryData(portalKeys.schedule(), response.data),
  });
}

export const useSaveSchedule = () =>
  useScheduleMutation((body: ScheduleBody) => request<Schedule>(api.providerSchedule, { method: 'PUT', body }));
export const useAddDayOff = () => useScheduleMutation((day: string) => post<Schedule>(api.providerDaysOff, { day }));
export const useRemoveDayOff = () =>
  useScheduleMutation((day: string) => request<Schedule>(fill(api.providerDayOff, { day }), { method: 'DELETE' }));

// ---------------------------------------------------------------- earnings

export function useEarnings() {
  return useQuery({
    queryKey: portalKeys.earnings(),
    queryFn: async ({ signal }) => (await get<Earnings>(api.providerEarnings, { signal })).data,
  });
}

export function useEarningJobs(page: number) {
  return useQuery({
    queryKey: portalKeys.earningJobs(page),
    queryFn: ({ signal }) => get<JobItem[]>(api.providerEarningsJobs, { query: { page, limit: jobsPageSize }, signal }),
    placeholderData: keepPreviousData,
  });
}

/** The provider's photo: the members' image upload (checked and re-encoded on the server). */
export function useUploadPortalImage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ file, onProgress }: { file: File; onProgress?: (fraction: number) => void }) =>
      (await upload<{ image: string }>(api.profileImage, { files: { [profileImageField]: file }, onProgress })).data,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: portalKeys.profile() }),
  });
}
