// The sign-in and account calls (paths/auth.ts), typed by the schemas of auth.ts.
import type { z } from 'zod';
import type {
  contactChangeBody,
  contactConfirmBody,
  EmailRegisterBody,
  emailLoginBody,
  emailOnlyBody,
  forgotPasswordBody,
  Me,
  memberLoginBody,
  memberLoginResponse,
  memberSignupBody,
  provePhoneBody,
  resetPasswordBody,
  sendLoginOtpBody,
  verifyEmailBody,
  verifyOtpBody,
} from '../auth.js';
import { getting, posting } from '../endpoint.js';
import { api } from '../paths/auth.js';

/** The signed-in member; the session's token comes beside `data`. */
type SignedIn = z.infer<typeof memberLoginResponse>['data'];

export const authEndpoints = {
  signup: posting<z.input<typeof memberSignupBody>, undefined>(api.memberSignup),
  verifySignup: posting<z.input<typeof verifyOtpBody>, undefined>(api.verifyOtp),
  sendLoginCode: posting<z.input<typeof sendLoginOtpBody>, undefined>(api.sendLoginOtp),
  login: posting<z.input<typeof memberLoginBody>, SignedIn>(api.memberLogin),
  register: posting<EmailRegisterBody, { email: string }>(api.emailRegister),
  resendVerification: posting<z.input<typeof emailOnlyBody>, undefined>(api.sendVerifyOtp),
  verifyEmail: posting<z.input<typeof verifyEmailBody>, undefined>(api.verifyEmail),
  emailLogin: posting<z.input<typeof emailLoginBody>, SignedIn>(api.emailLogin),
  forgotPassword: posting<z.input<typeof forgotPasswordBody>, undefined>(api.forgotPassword),
  checkResetCode: posting<z.input<typeof verifyEmailBody>, undefined>(api.verifyResetOtp),
  resetPassword: posting<z.input<typeof resetPasswordBody>, undefined>(api.resetPassword),
  me: getting<Me>(api.me),
  logout: posting<undefined, undefined>(api.logout),
};

/** A signed-in member's own phone and email: proving the phone, changing either. */
export const contactEndpoints = {
  sendPhoneCode: posting<undefined, undefined>(api.sendPhoneProof),
  provePhone: posting<z.input<typeof provePhoneBody>, undefined>(api.provePhone),
  change: posting<z.input<typeof contactChangeBody>, undefined>(api.changeContact),
  confirm: posting<z.input<typeof contactConfirmBody>, undefined>(api.confirmContact),
};
