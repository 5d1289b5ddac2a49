// The back-office's own calls: the administrator's sign-in (paths/auth.ts, paths/admin.ts), its
// two-step sign-in and the dashboard, typed by the schemas of auth.ts and dashboard.ts.
import type { z } from 'zod';
import type {
  adminForgotBody,
  adminLoginBody,
  adminLoginResponse,
  adminResetBody,
  adminSecondStepBody,
  totpCodeBody,
  TotpSetup,
  TotpStatus,
} from '../auth.js';
import type { DashboardTotals } from '../dashboard.js';
import { adminOnly, getting, posting } from '../endpoint.js';
import { api } from '../paths/admin.js';
import { api as authApi } from '../paths/auth.js';

/** Signed in (a token beside `data`), or a code from the app to follow (`secondStep` beside it). */
type SignIn = z.infer<typeof adminLoginResponse>['data'];
type TotpCode = z.input<typeof totpCodeBody>;

/** Open to anyone: no administrator is signed in yet. */
export const adminSignInEndpoints = {
  login: posting<z.input<typeof adminLoginBody>, SignIn>(authApi.adminLogin),
  secondStep: posting<z.input<typeof adminSecondStepBody>, SignIn>(api.adminSecondStep),
  forgotPassword: posting<z.input<typeof adminForgotBody>, undefined>(api.adminForgotPassword),
  resetPassword: posting<z.input<typeof adminResetBody>, undefined>(api.adminResetPassword),
};

export const adminEndpoints = adminOnly({
  dashboard: getting<DashboardTotals>(api.adminDashboard),
  totp: getting<TotpStatus>(api.adminTotp),
  totpSetup: posting<undefined, TotpSetup>(api.adminTotpSetup),
  totpEnable: posting<TotpCode, { recoveryCodes: string[] }>(api.adminTotpEnable),
  totpRecoveryCodes: posting<TotpCode, { recoveryCodes: string[] }>(api.adminTotpRecoveryCodes),
  totpDisable: posting<TotpCode, undefined>(api.adminTotpDisable),
});
