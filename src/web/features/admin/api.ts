// The admin screens' calls and their TanStack Query hooks. Every call is signed with the admin
// session (scope 'admin'), never the member one.
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { DashboardTotals } from '../../../contract/dashboard.js';
import type { adminForgotBody, adminLoginBody, adminResetBody, Me } from '../../../contract/auth.js';
import { notice } from '../../../contract/messages.js';
import { api } from '../../../contract/paths.js';
import { ApiError, get, post } from '../../lib/api.js';
import { session } from '../../lib/session.js';

export type AdminLoginValues = z.output<typeof adminLoginBody>;

/** A date range of the dashboard, yyyy-MM-dd; missing ends mean "all time". */
export interface DashboardRange {
  startDate?: string;
  endDate?: string;
}

export const adminKeys = {
  all: ['admin'] as const,
  me: (token: string | undefined) => ['admin', 'me', token ?? ''] as const,
  dashboard: (range: DashboardRange) => ['admin', 'dashboard', range.startDate ?? '', range.endDate ?? ''] as const,
};

// POST /v1/auth/adminlogin → { status: 1, data: { status, email }, token }
export async function adminLogin(body: AdminLoginValues) {
  const response = await post<{ status: number; email: string }>(api.adminLogin, body, { scope: 'admin' });
  // Anything but status 1 with a token is a failed login.
  if (response.data?.status !== 1 || !response.token) throw new ApiError(notice.loggedInFailed, 401);
  return { email: response.data.email, token: response.token };
}

export function useAdminLogin() {
  return useMutation({ mutationFn: adminLogin });
}

// POST /auth/admin/forgot-password { email }: the same answer for any email.
export function useAdminResetLink() {
  return useMutation({
    mutationFn: (body: z.output<typeof adminForgotBody>) => post<undefined>(api.adminForgotPassword, body),
  });
}

// POST /auth/admin/reset-password { token, password, confirmPassword }
export function useAdminResetPassword() {
  return useMutation({
    mutationFn: (body: z.output<typeof adminResetBody>) => post<undefined>(api.adminResetPassword, body),
  });
}

/** The signed-in admin's profile; checked once per token (route protection). */
export function useAdminMe(token: string | undefined) {
  return useQuery({
    queryKey: adminKeys.me(token),
    queryFn: async ({ signal }) => (await get<Me>(api.me, { scope: 'admin', signal })).data,
    enabled: Boolean(token),
    staleTime: Infinity,
  });
}

export function useDashboard(range: DashboardRange) {
  return useQuery({
    queryKey: adminKeys.dashboard(range),
    queryFn: async ({ signal }): Promise<DashboardTotals> =>
      (await get<DashboardTotals>(api.adminDashboard, { scope: 'admin', query: { ...range }, signal })).data,
    placeholderData: keepPreviousData,
  });
}

/** Ends the session on the server, then forgets it here, even when the server cannot be reached. */
export function useAdminLogout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => post<unknown>(api.logout, undefined, { scope: 'admin' }),
    onSettled: () => {
      session.clear('admin');
      queryClient.removeQueries({ queryKey: adminKeys.all });
    },
  });
}
