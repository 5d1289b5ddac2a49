import { z } from 'zod';
import { chosenLocation } from './places.js';
import { adminResetText, adminTotpText, validation as v } from './messages.js';

export const limits = {
  memberCodeLength: 6,
  emailCodeLength: 4,
  phoneMax: 10,
  phoneMin: 7,
  countdownSeconds: 100,
  passwordMin: 8,
  passwordMax: 20,
  emailMin: 7,
  emailMax: 50,
  adminEmailMax: 100,
  /** The country of a number given without one: the cities served are all in the US. */
  defaultCountryCode: '+1',
  nameMax: 80,
} as const;

const emailPattern = /^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/;
const passwordPattern = /^(?=.*[a-z])(?=.*[A-Z])(?=.*\d)[A-Za-z\d@$!%*#?&]+$/;

/** A required string: empty or missing gives `message`. */
const required = (message: string) => z.string({ error: message }).trim().min(1, { error: message });

export const memberName = required(v.nameRequired).max(limits.nameMax);

export const phone = required(v.phoneRequired)
  .regex(/^\d+$/, { error: 'Phone no. must contain digits only' })
  .min(limits.phoneMin, { error: `Phone no. must have at least ${limits.phoneMin} digits` })
  .max(limits.phoneMax, { error: v.mobileTooLong });

export const memberEmail = required(v.emailRequired)
  .max(limits.emailMax, { error: v.emailMax })
  .regex(emailPattern, { error: v.emailInvalid })
  .transform((s) => s.toLowerCase());

const code = (length: number, emptyMessage: string) =>
  z
    .string({ error: emptyMessage })
    .trim()
    .min(1, { error: emptyMessage })
    .regex(new RegExp(`^\\d{${length}}$`), { error: v.otpInvalid });

export const memberCode = code(limits.memberCodeLength, v.otpRequired);
export const emailCode = code(limits.emailCodeLength, v.fillOtp);

// Members by phone
export const memberSignupBody = z.object({
  name: memberName,
  email: memberEmail,
  phone,
  ref: z.string().trim().max(32).optional(),
});
export type MemberSignupBody = z.infer<typeof memberSignupBody>;

export const verifyOtpBody = z.object({
  mobile: phone,
  otp: memberCode,
  flag: z.enum(['register']).default('register'),
  /**
   * The email of the sign-up the code is for (the web app sends it): when another sign-up has
   * replaced it with the same phone since, the code does not verify that one.
   */
  email: memberEmail.optional(),
});

export const sendLoginOtpBody = z.object({ mobile: phone });
export const memberLoginBody = z.object({ phone, otp: memberCode });
/** The code texted to the signed-in member's own phone. */
export const provePhoneBody = z.object({ otp: memberCode });

export const sessionUser = z.object({ _id: z.uuid(), name: z.string() });
export const memberLoginResponse = z.object({
  status: z.literal(1),
  message: z.string(),
  data: sessionUser,
  token: z.string(),
});

export const me = z.object({
  _id: z.uuid(),
  name: z.string(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  role: z.enum(['customer', 'provider', 'admin']),
  image: z.string().nullable(),
  /** Where the member last chose to look for providers (members only; null until chosen). */
  location: chosenLocation.nullable().optional(),
});
export type Me = z.infer<typeof me>;

// Administrators
export const adminLoginBody = z.object({
  email: z
    .string({ error: v.emailRequiredStar })
    .trim()
    .min(1, { error: v.emailRequiredStar })
    .max(limits.adminEmailMax, { error: v.adminEmailMax })
    .regex(emailPattern, { error: v.mustBeValidEmail })
    .transform((s) => s.toLowerCase()),
  password: required(v.passwordRequired),
  remember: z.boolean().optional(),
});
/** What an authenticator app needs to add the account: the key, as text, as a link and as a QR code (SVG). */
export const totpSetup = z.object({ secret: z.string(), uri: z.string(), qrSvg: z.string() });
export type TotpSetup = z.infer<typeof totpSetup>;

/** Signed in (`data.status` 1, a token), or the password is right and a code must follow (`data.status` 2). */
export const adminLoginResponse = z.union([
  z.object({
    status: z.literal(1),
    message: z.string(),
    data: z.object({ status: z.literal(1), email: z.string() }),
    token: z.string(),
    /** Shown once, when this sign-in also turned two-step sign-in on. */
    recoveryCodes: z.array(z.string()).optional(),
  }),
  z.object({
    status: z.literal(1),
    message: z.string(),
    data: z.object({ status: z.literal(2), email: z.string() }),
    /** Names this sign-in in its second step; `enrol`: the app is to be set up first (required, none yet). */
    secondStep: z.object({ ticket: z.string(), enrol: totpSetup.nullable() }),
  }),
]);
export type AdminLoginAnswer = z.infer<typeof adminLoginResponse>;

// Email accounts (sign-up, verification and password reset by mail)
export const accountEmail = z
  .string({ error: v.emailRequiredStar })
  .trim()
  .min(1, { error: v.emailRequiredStar })
  .min(limits.emailMin, { error: v.emailMin })
  .max(limits.emailMax, { error: v.emailMax })
  .regex(emailPattern, { error: v.validEmail })
  .transform((s) => s.toLowerCase());

export const password = z
  .string({ error: v.enterPassword })
  .min(1, { error: v.enterPassword })
  .max(limits.passwordMax, { error: v.passwordTooLong })
  .min(limits.passwordMin, { error: v.passwordRule })
  .regex(passwordPattern, { error: v.passwordRule });

function bothStrings(value: unknown, a: string, b: string): boolean {
  const record = value as Record<string, unknown> | null;
  return typeof record?.[a] === 'string' && typeof record?.[b] === 'string';
}

export const signupRoles = ['provider', 'customer'] as const;

export const emailRegisterBody = z
  .object({
    first_name: required(v.enterFirstName).max(limits.nameMax),
    last_name: required(v.enterLastName).max(limits.nameMax),
    email: accountEmail,
    mobile_no: z
      .string({ error: v.numberRequired })
      .trim()
      .min(1, { error: v.numberRequired })
      .max(limits.phoneMax, { error: v.mobileTooLong })
      .regex(/^\d+$/, { error: 'Phone no. must contain digits only' })
      .min(limits.phoneMin, { error: `Phone no. must have at least ${limits.phoneMin} digits` }),
    password,
    password_again: z.string({ error: v.confirmPasswordRequired }).min(1, { error: v.confirmPasswordRequired }),
    country_code: z.string().default(limits.defaultCountryCode),
    role: z.enum(signupRoles).default('provider'),
    terms: z.literal(true, { error: v.acceptTerms }),
    ref: z.string().trim().max(32).optional(),
  })
  .refine((b) => b.password === b.password_again, {
    path: ['password_again'],
    error: v.passwordsMustMatch,
    // Say so as soon as both are typed, even while other fields are still wrong.
    when: ({ value }) => bothStrings(value, 'password', 'password_again'),
  });
export type EmailRegisterBody = z.input<typeof emailRegisterBody>;

export const emailLoginBody = z.object({
  email: z
    .string({ error: v.enterYourEmail })
    .trim()
    .min(1, { error: v.enterYourEmail })
    .regex(emailPattern, { error: v.enterValidEmail })
    .transform((s) => s.toLowerCase()),
  password: z.string({ error: v.enterYourPassword }).min(1, { error: v.enterYourPassword }),
});

export const emailOnlyBody = z.object({ email: accountEmail });
export const verifyEmailBody = z.object({ email: accountEmail, otpNumber: emailCode });

export const forgotPasswordBody = z.discriminatedUnion('stage', [
  z.object({ stage: z.literal(1), email: accountEmail }),
  z.object({ stage: z.literal(2), email: accountEmail, otp: emailCode }),
  z.object({
    stage: z.literal(3),
    email: accountEmail,
    otp: emailCode,
    password,
    confirmPassword: z.string().min(1, { error: v.confirmPasswordRequired }),
  }),
]);

export const resetPasswordBody = z
  .object({
    email: accountEmail,
    otpNumber: emailCode,
    password,
    confirmPassword: z.string({ error: v.confirmPasswordRequired }).min(1, { error: v.confirmPasswordRequired }),
  })
  .refine((b) => b.password === b.confirmPassword, {
    path: ['confirmPassword'],
    error: v.passwordNoMatch,
    when: ({ value }) => bothStrings(value, 'password', 'confirmPassword'),
  });

export const outboxQuery = z.object({ to: z.string().trim().min(1).max(100) });
export const outboxItem = z.object({
  to: z.string(),
  channel: z.enum(['sms', 'email']),
  subject: z.string().nullable(),
  body: z.string(),
  code: z.string().nullable(),
  createdAt: z.string(),
});

/** An administrator asks for a reset link (the answer is the same for any email). */
export const adminForgotBody = z.object({ email: accountEmail });

/** The mailed link's token: 32 random bytes, base64url. */
export const adminResetToken = /^[A-Za-z0-9_-]{43}$/;

/** A new administrator password from a reset link, typed twice. */
export const adminResetBody = z
  .object({
    token: z
      .string({ error: adminResetText.tokenInvalid })
      .regex(adminResetToken, { error: adminResetText.tokenInvalid }),
    password,
    confirmPassword: z.string({ error: v.confirmPasswordRequired }).min(1, { error: v.confirmPasswordRequired }),
  })
  .refine((body) => body.password === body.confirmPassword, {
    error: v.passwordNoMatch,
    path: ['confirmPassword'],
    when: ({ value }) => bothStrings(value, 'password', 'confirmPassword'),
  });

/** A code from an authenticator app: 6 digits (spaces typed between them are dropped). */
export const totpCode = z
  .string({ error: adminTotpText.codeRequired })
  .transform((s) => s.replace(/\s+/g, ''))
  .pipe(
    z
      .string()
      .min(1, { error: adminTotpText.codeRequired })
      .regex(/^\d{6}$/, { error: adminTotpText.codeFormat }),
  );

/** Recovery codes: 10 letters and digits that cannot be mistaken for each other, shown as `abcde-23456`. */
export const recoveryCodeAlphabet = 'abcdefghjkmnpqrstuvwxyz23456789';
export const recoveryCodeLength = 10;

/** The sign-in's second step: the ticket of the first, and a code from the app or a recovery code. */
export const adminSecondStepBody = z.object({
  ticket: z
    .string({ error: adminTotpText.ticketInvalid })
    .regex(adminResetToken, { error: adminTotpText.ticketInvalid }),
  code: z
    .string({ error: adminTotpText.codeRequired })
    .trim()
    .min(1, { error: adminTotpText.codeRequired })
    .max(40, { error: adminTotpText.codeWrong }),
});

/** A code from the app that proves a change to two-step sign-in. */
export const totpCodeBody = z.object({ code: totpCode });

export const totpStatus = z.object({
  enabled: z.boolean(),
  /** Every administrator must use it here (production). */
  required: z.boolean(),
  recoveryCodesLeft: z.number().int(),
});
export type TotpStatus = z.infer<typeof totpStatus>;

/** A member's new phone or email, to be proven by a code sent to it before it replaces the old. */
export const contactChangeBody = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('phone'), value: phone }),
  z.object({ kind: z.literal('email'), value: accountEmail }),
]);
export type ContactChange = z.output<typeof contactChangeBody>;

/** The code sent to the new phone (6 digits) or email (4 digits). */
export const contactConfirmBody = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('phone'), code: memberCode }),
  z.object({ kind: z.literal('email'), code: emailCode }),
]);
