// The sign-in and account calls: one mutation per endpoint,
// each posting the contract's body. The server decides every code: nothing here
// compares codes. A successful sign-in stores the member session before the page moves on.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type {
  emailLoginBody,
  emailRegisterBody,
  forgotPasswordBody,
  memberLoginBody,
  memberSignupBody,
  resetPasswordBody,
  sendLoginOtpBody,
  sessionUser,
  verifyEmailBody,
} from '../../../contract/auth.js';
import { authEndpoints } from '../../../contract/endpoints/auth.js';
import { text, validation } from '../../../contract/messages.js';
import { routes } from '../../../contract/paths.js';
import { ApiError, call, type Envelope } from '../../lib/api.js';
import { failureMessage, serverFieldError } from '../../lib/form-errors.js';
import { session } from '../../lib/session.js';

type SessionUser = z.infer<typeof sessionUser>;
export type MemberSignup = z.output<typeof memberSignupBody>;
export type EmailRegistration = z.output<typeof emailRegisterBody> & {
  /** Part of the template's sign-up payload; the server ignores it. */
  is_email_verified: false;
};
export type ForgotPasswordStage = z.output<typeof forgotPasswordBody>;

// ---------------------------------------------------------------- members by phone

/** POST /members/signup: creates (or refreshes) an unverified member and texts a 6-digit code. */
export function useSignupMember() {
  return useMutation({
    mutationFn: (body: MemberSignup) => call(authEndpoints.signup, body),
  });
}

/** POST /auth/verify-otp: confirms the registration code. */
export function useVerifyRegistration() {
  return useMutation({
    mutationFn: (body: { mobile: string; otp: string; email?: string }) =>
      call(authEndpoints.verifySignup, { ...body, flag: 'register' }),
  });
}

/** POST /user/login/send-otp: texts a login code to a registered phone. */
export function useSendLoginOtp() {
  return useMutation({
    mutationFn: (body: z.output<typeof sendLoginOtpBody>) => call(authEndpoints.sendLoginCode, body),
  });
}

/** POST /members/login: phone and code give a session. */
export function useLoginMember() {
  const startSession = useStartSession();
  return useMutation({
    mutationFn: async (body: z.output<typeof memberLoginBody>) => startSession(await call(authEndpoints.login, body)),
  });
}

// ---------------------------------------------------------------- email accounts

/** POST /auth/register: the template sign-up; mails a 4-digit code. */
export function useRegisterEmail() {
  return useMutation({
    mutationFn: (body: EmailRegistration) => call(authEndpoints.register, body),
  });
}

/** POST /auth/send-verify-otp: mails a new verification code. */
export function useResendVerifyEmail() {
  return useMutation({
    mutationFn: (body: { email: string }) => call(authEndpoints.resendVerification, body),
  });
}

/** POST /auth/verify-email. */
export function useVerifyEmail() {
  return useMutation({
    mutationFn: (body: z.output<typeof verifyEmailBody>) => call(authEndpoints.verifyEmail, body),
  });
}

/** POST /auth/login: email and password give a session. */
export function useEmailLogin() {
  const startSession = useStartSession();
  return useMutation({
    mutationFn: async (body: z.output<typeof emailLoginBody>) =>
      startSession(await call(authEndpoints.emailLogin, body)),
  });
}

/** POST /ForgotPassword: stage 1 mails a code, stage 2 checks it, stage 3 sets the password. */
export function useForgotPassword() {
  return useMutation({
    mutationFn: (body: ForgotPasswordStage) => call(authEndpoints.forgotPassword, body),
  });
}

/** POST /auth/verify-reset-otp: checks a reset code without using it up. */
export function useVerifyResetOtp() {
  return useMutation({
    mutationFn: (body: z.output<typeof verifyEmailBody>) => call(authEndpoints.checkResetCode, body),
  });
}

/** POST /auth/reset-password: sets the new password with the reset code. */
export function useResetPassword() {
  return useMutation({
    mutationFn: (body: z.output<typeof resetPasswordBody>) => call(authEndpoints.resetPassword, body),
  });
}

/**
 * Where a member lands after signing in: where they came from, else /Home_new; a provider on its
 * home, /provider (which leads one whose profile is not complete yet to /provider/profile).
 */
export async function signedInLanding(from: string | undefined): Promise<string> {
  if (from) return from;
  try {
    const me = await call(authEndpoints.me);
    return me.data.role === 'provider' ? routes.providerPortal : routes.homeNew;
  } catch {
    // Signed in all the same: the home page shows any failure itself.
    return routes.homeNew;
  }
}

/** Stores the member session of a sign-in answer; cached data of whoever was here before goes. */
function useStartSession() {
  const queryClient = useQueryClient();
  return async (response: Envelope<SessionUser>) => {
    if (!response.token) throw new ApiError(text.genericError, 500);
    session.setMember({ token: response.token, user: response.data });
    void queryClient.resetQueries();
    return response;
  };
}

// ---------------------------------------------------------------- what the pages share

/** True when the server refused the request as it stands (a wrong or expired code, a bad field). */
export const isRejected = (error: unknown) => error instanceof ApiError && error.status === 400;

/**
 * A refused code: the message to toast, and the one to show at the code field when the code
 * itself was refused (wrong, expired, burnt) rather than the network.
 */
export function codeFailure(error: unknown, field: string): { message: string; atField?: string } {
  const message = failureMessage(error, validation.otpInvalid);
  return { message, atField: serverFieldError(error, field) ?? (isRejected(error) ? message : undefined) };
}

/** An in-app path to return to after signing in, from navigation state (never another site). */
export function returnPath(state: unknown): string | undefined {
  const from = (state as { from?: unknown } | null)?.from;
  return typeof from === 'string' && from.startsWith('/') && !from.startsWith('//') ? from : undefined;
}

/** A string kept in navigation state by the previous step, if any. */
export function stateString(state: unknown, key: string): string | undefined {
  const value = (state as Record<string, unknown> | null)?.[key];
  return typeof value === 'string' && value !== '' ? value : undefined;
}

/** The document title of a page. */
export const pageTitle = (heading: string) => `${heading} · ${text.brand}`;
