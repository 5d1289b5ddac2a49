// The admin screens' calls and their TanStack Query hooks. Every call is signed with the admin
// session (scope 'admin'), never the member one.
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { DashboardTotals } from '../../../contract/dashboard.js';
import {
  adminLoginResponse,
  type adminForgotBody,
  type adminLoginBody,
  type adminResetBody,
  type TotpSetup,
} from '../../../contract/auth.js';
import { adminEndpoints, adminSignInEndpoints } from '../../../contract/endpoints/admin.js';
import { authEndpoints } from '../../../contract/endpoints/auth.js';
import { notice } from '../../../contract/messages.js';
import { api } from '../../../contract/paths.js';
import { ApiError, call } from '../../lib/api.js';
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
  totp: ['admin', 'totp'] as const,
  dashboard: (range: DashboardRange) => ['admin', 'dashboard', range.startDate ?? '', range.endDate ?? ''] as const,
};

// POST /v1/auth/adminlogin → { status: 1, data: { status, email }, token }
/** Signed in (a token), or the password was right and a code from the app must follow (a ticket). */
export type AdminSignIn =
  | { email: string; token: string; recoveryCodes?: string[] }
  | { email: string; ticket: string; enrol: TotpSetup | null };

/** Read through the contract's schema: an answer of another shape is a failed login. */
function signInOf(answer: unknown): AdminSignIn {
  const parsed = adminLoginResponse.safeParse(answer);
  if (!parsed.success) throw new ApiError(notice.loggedInFailed, 401);
  const { data } = parsed;
  return 'token' in data
    ? {
        email: data.data.email,
        token: data.token,
        ...(data.recoveryCodes ? { recoveryCodes: data.recoveryCodes } : {}),
      }
    : { email: data.data.email, ...data.secondStep };
}

export async function adminLogin(body: AdminLoginValues) {
  return signInOf(await call(adminSignInEndpoints.login, body, { scope: 'admin' }));
}

export function useAdminLogin() {
  return useMutation({ mutationFn: adminLogin });
}

// POST /auth/admin/second-step { ticket, code }: the code from the app, or a recovery code.
export function useAdminSecondStep() {
  return useMutation({
    mutationFn: async (body: { ticket: string; code: string }) =>
      signInOf(await call(adminSignInEndpoints.secondStep, body, { scope: 'admin' })),
  });
}

// The signed-in administrator's two-step sign-in (/admin/security).
export function useTotpStatus() {
  return useQuery({
    queryKey: adminKeys.totp,
    queryFn: async ({ signal }) => (await call(adminEndpoints.totp, undefined, { signal })).data,
  });
}

export function useTotpSetup() {
  return useMutation({
    mutationFn: async () => (await call(adminEndpoints.totpSetup)).data,
  });
}

const totpChanges = {
  [api.adminTotpEnable]: adminEndpoints.totpEnable,
  [api.adminTotpRecoveryCodes]: adminEndpoints.totpRecoveryCodes,
  [api.adminTotpDisable]: adminEndpoints.totpDisable,
};

/** Turning on, new recovery codes, turning off: each proven by a code from the app. */
export function useTotpChange(path: keyof typeof totpChanges) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (code: string) => call(totpChanges[path], { code }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminKeys.totp }),
  });
}

// POST /auth/admin/forgot-password { email }: the same answer for any email.
export function useAdminResetLink() {
  return useMutation({
    mutationFn: (body: z.output<typeof adminForgotBody>) => call(adminSignInEndpoints.forgotPassword, body),
  });
}

// POST /auth/admin/reset-password { token, password, confirmPassword }
export function useAdminResetPassword() {
  return useMutation({
    mutationFn: (body: z.output<typeof adminResetBody>) => call(adminSignInEndpoints.resetPassword, body),
  });
}

/** The signed-in admin's profile; checked once per token (route protection). */
export function useAdminMe(token: string | undefined) {
  return useQuery({
    queryKey: adminKeys.me(token),
    queryFn: async ({ signal }) => (await call(authEndpoints.me, undefined, { scope: 'admin', signal })).data,
    enabled: Boolean(token),
    staleTime: Infinity,
  });
}

export function useDashboard(range: DashboardRange) {
  return useQuery({
    queryKey: adminKeys.dashboard(range),
    queryFn: async ({ signal }): Promise<DashboardTotals> =>
      (await call(adminEndpoints.dashboard, undefined, { query: { ...range }, signal })).data,
    placeholderData: keepPreviousData,
  });
}

/** Ends the session on the server, then forgets it here, even when the server cannot be reached. */
export function useAdminLogout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => call(authEndpoints.logout, undefined, { scope: 'admin' }),
    onSettled: () => {
      session.clear('admin');
      queryClient.removeQueries({ queryKey: adminKeys.all });
    },
  });
}
