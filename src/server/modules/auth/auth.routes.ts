import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  adminForgotBody,
  adminLoginBody,
  adminResetBody,
  adminLoginResponse,
  adminSecondStepBody,
  contactChangeBody,
  contactConfirmBody,
  emailLoginBody,
  emailOnlyBody,
  emailRegisterBody,
  forgotPasswordBody,
  me,
  memberLoginBody,
  memberLoginResponse,
  memberSignupBody,
  provePhoneBody,
  resetPasswordBody,
  sendLoginOtpBody,
  verifyEmailBody,
  verifyOtpBody,
} from '../../../contract/auth.js';
import { failure, ok, okMessage } from '../../../contract/common.js';
import {
  adminResetText,
  adminTotpText,
  notice,
  profileText,
  serverError,
  validation,
} from '../../../contract/messages.js';
import { api } from '../../../contract/paths.js';
import { badRequest } from '../../errors.js';
import { deliverSoon } from '../../jobs.js';
import {
  fromEachAddress,
  overall,
  perAddress,
  perBodyField,
  perMember,
  perPhoneArea,
  perPhoneBlock,
  type Limit,
} from '../../platform/rate-limit.js';
import { requestAdminReset, resetAdminPassword } from './auth.admin-reset.js';
import { deviceAccount, deviceCookie, deviceCookieDays, rememberDevice } from './auth.devices.js';
import { caller, requireMember, requireRole } from './auth.guard.js';
import { askContactChange, confirmContactChange } from './auth.contacts.js';
import { afterAdminPassword, completeAdminSignIn } from './auth.totp.js';
import * as auth from './auth.service.js';

const tags = ['auth'];
const security = [{ bearer: [] }];

export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  const ctx = (request: FastifyRequest): auth.AuthContext => ({
    config: app.deps.config,
    db: app.deps.database.db,
    deliverSoon: () => {
      // The limits that count sends only keep this request's hit (rate-limit.ts).
      request.messagesSent += 1;
      deliverSoon(app.deps.jobs);
    },
    clientIp: request.ip,
  });
  const { db } = app.deps.database;

  // Sign-in routes know the browser's device cookie before their limits run.
  const readDevice = async (request: FastifyRequest) => {
    request.device = await deviceAccount(db, request.cookies[deviceCookie]);
  };
  /** After a sign-in: the browser is remembered for the account (a new token unless it already is). */
  const remember = async (request: FastifyRequest, reply: FastifyReply, userId: string) => {
    if (request.device?.userId === userId) return;
    reply.setCookie(deviceCookie, await rememberDevice(db, userId), {
      path: api.prefix,
      httpOnly: true,
      sameSite: 'strict',
      secure: request.protocol === 'https',
      maxAge: deviceCookieDays * 86_400,
    });
  };
  const knownFor = (request: FastifyRequest, email: unknown) =>
    typeof email === 'string' && request.device?.email === email.toLowerCase();

  // Every code sent costs a text or a mail: limited per address, per phone or email, and for
  // texts by one budget for the whole service. Wrong codes and passwords are limited per address
  // (and passwords per account, with a doubling wait); a success gives its attempt back.
  const { config } = app.deps;
  const sendWindow = config.CODE_SEND_WINDOW_MINUTES * 60_000;
  const sendsPerAddress = perAddress('code-sends', config.CODE_SENDS_PER_IP, sendWindow, {
    message: serverError.tooManyCodes,
  });
  const sendsTo = (field: string) =>
    perBodyField('code-sends', field, config.CODE_SENDS_PER_TARGET, sendWindow, { message: serverError.tooManyCodes });
  // The shared text budgets count texts sent: a code asked for a phone with no account sends none.
  const textBudget = overall('texts', config.SMS_PER_HOUR, '1 hour', {
    counts: 'sends',
    message: serverError.tooManyCodes,
  });
  const textsToBlock = (field: string) =>
    perPhoneBlock('texts', field, config.SMS_PER_BLOCK_PER_HOUR, '1 hour', {
      counts: 'sends',
      message: serverError.tooManyCodes,
    });
  const textsToArea = (field: string) =>
    perPhoneArea('texts', field, config.SMS_PER_AREA_PER_HOUR, '1 hour', {
      counts: 'sends',
      message: serverError.tooManyCodes,
    });
  /** A signed-in member's sends to its own new or unproven contacts. */
  const sendsPerMember = perMember('code-sends', config.CODE_SENDS_PER_TARGET, sendWindow, {
    message: serverError.tooManyCodes,
  });
  const textLimits = (field: string) => [
    sendsPerAddress,
    sendsTo(field),
    textsToBlock(field),
    textsToArea(field),
    textBudget,
  ];
  const mailLimits = (field: string) => [sendsPerAddress, sendsTo(field)];
  const codeChecks = [perAddress('code-checks', 30, '15 minutes', { counts: 'failures' })];
  // Wrong passwords lock out the address that sends them, and an account only from that address.
  // Only a flood from many addresses locks the account itself, and not in a browser it has
  // signed in from; a password reset lifts that lock. Administrators' sign-ins count apart.
  const wrongPasswords = { counts: 'failures', message: serverError.tooManySignins } as const;
  const passwordLocks = (name: string) => {
    const perAccount = perBodyField(
      name,
      'email',
      config.SIGNIN_FAILURES_PER_ACCOUNT_ALL,
      '15 minutes',
      wrongPasswords,
    );
    const account: Limit = {
      ...perAccount,
      key: (request) =>
        knownFor(request, (request.body as { email?: unknown }).email) ? undefined : perAccount.key(request),
    };
    const pair = fromEachAddress(perBodyField(name, 'email', config.SIGNIN_FAILURES_PER_ACCOUNT, '15 minutes'), {
      ...wrongPasswords,
      backoff: true,
    });
    return {
      limits: [
        perAddress(name, config.SIGNIN_FAILURES_PER_IP, '15 minutes', { ...wrongPasswords, backoff: true }),
        pair,
        account,
      ],
      /** A new password lifts the account's locks, from every address. */
      async unlock(email: string) {
        const key = email.toLowerCase();
        await app.rateLimits.forget(account, key);
        await app.rateLimits.forget(pair, `${key}|`, true);
      },
    };
  };
  const memberPasswords = passwordLocks('signin');
  const adminPasswords = passwordLocks('admin-signin');
  const when = (applies: (body: unknown) => boolean, limit: Limit): Limit => ({
    ...limit,
    key: (request) => (applies(request.body) ? limit.key(request) : undefined),
  });
  const sendingStage = (body: unknown) => (body as { stage?: number }).stage === 1;
  const forgotLimits = [
    ...mailLimits('email').map((limit) => when(sendingStage, limit)),
    ...codeChecks.map((limit) => when((body) => !sendingStage(body), limit)),
  ];

  app.post(
    api.memberSignup,
    {
      // A taken email is told by mail: its sends count too.
      config: { limits: [...textLimits('phone'), sendsTo('email')] },
      schema: {
        tags,
        summary:
          'Register a member by phone; texts a 6-digit code. A phone or email another account has proven gets a notice instead, with the same answer',
        body: memberSignupBody,
        response: { 200: okMessage },
      },
    },
    async (request) => {
      await auth.signupMember(ctx(request), request.body);
      return { status: 1 as const, message: notice.otpSendSuccessfully };
    },
  );

  app.post(
    api.verifyOtp,
    {
      config: { limits: codeChecks },
      schema: { tags, summary: 'Verify the registration code', body: verifyOtpBody, response: { 200: okMessage } },
    },
    async (request) => {
      const { mobile, otp, email } = request.body;
      await auth.verifyRegistration(ctx(request), mobile, otp, email);
      return { status: 1 as const, message: notice.signupSuccessfully };
    },
  );

  app.post(
    api.sendLoginOtp,
    {
      config: { limits: textLimits('mobile') },
      schema: {
        tags,
        summary: 'Text a 6-digit login code to a registered phone',
        body: sendLoginOtpBody,
        response: { 200: okMessage },
      },
    },
    async (request) => {
      await auth.sendLoginCode(ctx(request), request.body.mobile);
      return { status: 1 as const, message: notice.otpSendSuccessfully };
    },
  );

  app.post(
    api.memberLogin,
    {
      preValidation: readDevice,
      config: { limits: codeChecks },
      schema: {
        tags,
        summary: 'Sign a member in with phone and code',
        body: memberLoginBody,
        response: { 200: memberLoginResponse },
      },
    },
    async (request, reply) => {
      const { phone, otp } = request.body;
      const { user, token } = await auth.loginMember(ctx(request), phone, otp, request.device?.phone === phone);
      await remember(request, reply, user._id);
      return { status: 1 as const, message: notice.loginSuccessfully, data: user, token };
    },
  );

  app.post(
    api.sendPhoneProof,
    {
      onRequest: requireMember(),
      config: {
        limits: [sendsPerAddress, sendsPerMember, textBudget],
      },
      schema: {
        tags,
        security,
        summary: "Text a 6-digit code to the signed-in member's phone, to prove it (an email account's phone)",
        response: { 200: okMessage, 400: failure, 409: failure },
      },
    },
    async (request) => {
      await auth.sendPhoneProof(ctx(request), caller(request).id);
      return { status: 1 as const, message: notice.otpSendSuccessfully };
    },
  );

  app.post(
    api.provePhone,
    {
      onRequest: requireMember(),
      config: { limits: codeChecks },
      schema: {
        tags,
        security,
        summary: "Prove the signed-in member's phone with the texted code: it then signs in and gets texts",
        body: provePhoneBody,
        response: { 200: okMessage, 400: failure, 409: failure },
      },
    },
    async (request) => {
      await auth.provePhone(ctx(request), caller(request).id, request.body.otp);
      return { status: 1 as const, message: profileText.phoneVerified };
    },
  );

  const isPhoneChange = (body: unknown) => (body as { kind?: unknown }).kind === 'phone';
  app.post(
    api.changeContact,
    {
      onRequest: requireMember(),
      config: {
        limits: [
          sendsPerAddress,
          sendsPerMember,
          sendsTo('value'),
          when(isPhoneChange, textsToBlock('value')),
          when(isPhoneChange, textsToArea('value')),
          when(isPhoneChange, textBudget),
        ],
      },
      schema: {
        tags,
        security,
        summary:
          "Change the signed-in member's phone or email: a code goes to the new one, which replaces the old only once proven",
        body: contactChangeBody,
        response: { 200: okMessage, 400: failure },
      },
    },
    async (request) => {
      await askContactChange(ctx(request), caller(request).id, request.body);
      return { status: 1 as const, message: notice.otpSendSuccessfully };
    },
  );

  app.post(
    api.confirmContact,
    {
      onRequest: requireMember(),
      config: { limits: codeChecks },
      schema: {
        tags,
        security,
        summary:
          'Prove the new phone or email with its code: it replaces the old one (409 if another account proved it)',
        body: contactConfirmBody,
        response: { 200: okMessage, 400: failure, 409: failure },
      },
    },
    async (request) => {
      const { kind, code } = request.body;
      await confirmContactChange(ctx(request), caller(request).id, kind, code);
      return { status: 1 as const, message: kind === 'phone' ? profileText.phoneChanged : profileText.emailChanged };
    },
  );

  app.post(
    api.adminLogin,
    {
      preValidation: readDevice,
      config: { limits: adminPasswords.limits },
      schema: {
        tags,
        summary: 'Sign an administrator in',
        body: adminLoginBody,
        response: { 200: adminLoginResponse },
      },
    },
    async (request, reply) => {
      const { email, password, remember: stay } = request.body;
      const admin = await auth.checkAdminPassword(ctx(request), email, password);
      auth.forgetFirstAdminPassword(config, admin.email);
      const next = await afterAdminPassword(ctx(request), admin, stay ?? false);
      if ('ticket' in next) {
        const message = next.enrol ? adminTotpText.enrolLead : adminTotpText.codeLead;
        return { status: 1 as const, message, data: { status: 2 as const, email: admin.email }, secondStep: next };
      }
      await remember(request, reply, admin.id);
      return {
        status: 1 as const,
        message: notice.loggedIn,
        data: { status: 1 as const, email: admin.email },
        token: next.token,
      };
    },
  );

  app.post(
    api.adminSecondStep,
    {
      preValidation: readDevice,
      config: {
        limits: [
          perAddress('admin-second-step', config.SIGNIN_FAILURES_PER_IP, '15 minutes', {
            counts: 'failures',
            message: adminTotpText.tooManyWrongCodes,
          }),
        ],
      },
      schema: {
        tags,
        summary:
          "Finish an administrator's sign-in with the code from its authenticator app or a recovery code; the ticket is the password step's, valid 5 minutes and once",
        body: adminSecondStepBody,
        response: { 200: adminLoginResponse },
      },
    },
    async (request, reply) => {
      const { userId, email, token, recoveryCodes } = await completeAdminSignIn(
        ctx(request),
        request.body.ticket,
        request.body.code,
      );
      await remember(request, reply, userId);
      return {
        status: 1 as const,
        message: notice.loggedIn,
        data: { status: 1 as const, email },
        token,
        ...(recoveryCodes ? { recoveryCodes } : {}),
      };
    },
  );

  app.post(
    api.emailRegister,
    {
      // A taken phone is told by a text: its sends count too, on the text budgets.
      config: {
        limits: [
          ...mailLimits('email'),
          sendsTo('mobile_no'),
          textsToBlock('mobile_no'),
          textsToArea('mobile_no'),
          textBudget,
        ],
      },
      schema: {
        tags,
        summary:
          'Create an email account (template sign-up); mails a 4-digit code. A phone or email another account has proven gets a notice instead, with the same answer',
        body: emailRegisterBody,
        response: { 200: ok(z.object({ email: z.string() })) },
      },
    },
    async (request) => {
      await auth.registerEmailAccount(ctx(request), request.body);
      return { status: 1 as const, message: notice.signupSuccessfully, data: { email: request.body.email } };
    },
  );

  app.post(
    api.sendVerifyOtp,
    {
      config: { limits: mailLimits('email') },
      schema: {
        tags,
        summary: 'Mail a new email-verification code',
        body: emailOnlyBody,
        response: { 200: okMessage },
      },
    },
    async (request) => {
      await auth.resendVerifyEmail(ctx(request), request.body.email);
      return { status: 1 as const, message: notice.otpSendSuccessfully };
    },
  );

  app.post(
    api.verifyEmail,
    {
      config: { limits: codeChecks },
      schema: {
        tags,
        summary: 'Verify an email account with its 4-digit code',
        body: verifyEmailBody,
        response: { 200: okMessage },
      },
    },
    async (request) => {
      await auth.verifyEmail(ctx(request), request.body.email, request.body.otpNumber);
      return { status: 1 as const, message: notice.accountVerified };
    },
  );

  app.post(
    api.emailLogin,
    {
      preValidation: readDevice,
      config: { limits: memberPasswords.limits },
      schema: {
        tags,
        summary: 'Sign a member in with email and password',
        body: emailLoginBody,
        response: { 200: memberLoginResponse },
      },
    },
    async (request, reply) => {
      const { user, token } = await auth.loginWithEmail(ctx(request), request.body.email, request.body.password);
      await remember(request, reply, user._id);
      return { status: 1 as const, message: notice.loggedIn, data: user, token };
    },
  );

  app.post(
    api.forgotPassword,
    {
      config: { limits: forgotLimits },
      schema: {
        tags,
        summary: 'Forgot password in three stages: 1 mail a code, 2 check it, 3 set the new password',
        body: forgotPasswordBody,
        response: { 200: okMessage },
      },
    },
    async (request) => {
      const body = request.body;
      const c = ctx(request);
      if (body.stage === 1) {
        await auth.sendResetCode(c, body.email);
        return { status: 1 as const, message: notice.otpSendSuccessfully };
      }
      if (body.stage === 2) {
        await auth.checkResetCode(c, body.email, body.otp);
        return { status: 1 as const, message: notice.otpSendSuccessfully };
      }
      if (body.password !== body.confirmPassword) throw badRequest(validation.passwordNoMatch);
      await auth.resetPassword(c, body.email, body.otp, body.password);
      await memberPasswords.unlock(body.email);
      return { status: 1 as const, message: notice.passwordChanged };
    },
  );

  app.post(
    api.verifyResetOtp,
    {
      config: { limits: codeChecks },
      schema: {
        tags,
        summary: 'Check a password-reset code without using it up',
        body: verifyEmailBody,
        response: { 200: okMessage },
      },
    },
    async (request) => {
      await auth.checkResetCode(ctx(request), request.body.email, request.body.otpNumber);
      return { status: 1 as const, message: 'OTP verified' };
    },
  );

  app.post(
    api.resetPassword,
    {
      config: { limits: codeChecks },
      schema: {
        tags,
        summary: 'Set a new password with a reset code (update password)',
        body: resetPasswordBody,
        response: { 200: okMessage },
      },
    },
    async (request) => {
      const { email, otpNumber, password } = request.body;
      await auth.resetPassword(ctx(request), email, otpNumber, password);
      await memberPasswords.unlock(email);
      return { status: 1 as const, message: notice.passwordChanged };
    },
  );

  // Administrators: their own reset by link, limited apart from the members' flows.
  app.post(
    api.adminForgotPassword,
    {
      config: {
        limits: [
          perAddress('admin-reset', 5, '15 minutes', { message: serverError.tooManyCodes }),
          perBodyField('admin-reset', 'email', 3, '1 hour', { message: serverError.tooManyCodes }),
        ],
      },
      schema: {
        tags,
        summary:
          'Mail a link that sets a new password to the administrator with this email (the same answer for any email)',
        body: adminForgotBody,
        response: { 200: okMessage },
      },
    },
    async (request) => {
      await requestAdminReset(ctx(request), request.body.email);
      return { status: 1 as const, message: adminResetText.linkSent };
    },
  );

  app.post(
    api.adminResetPassword,
    {
      config: { limits: [perAddress('admin-reset-links', 20, '15 minutes', { counts: 'failures' })] },
      schema: {
        tags,
        summary:
          "Set an administrator's password with a mailed link's token (single use, 30 minutes); ends its sessions",
        body: adminResetBody,
        response: { 200: okMessage },
      },
    },
    async (request) => {
      const email = await resetAdminPassword(ctx(request), request.body.token, request.body.password);
      await adminPasswords.unlock(email);
      return { status: 1 as const, message: notice.passwordChanged };
    },
  );

  app.post(
    api.logout,
    {
      onRequest: requireRole(),
      schema: { tags, summary: 'End this session', security, response: { 200: okMessage } },
    },
    async (request) => {
      await auth.endSession(app.deps.database.db, caller(request).sessionId);
      return { status: 1 as const, message: notice.loggedOut };
    },
  );

  app.get(
    api.me,
    {
      onRequest: requireRole(),
      schema: {
        tags,
        summary:
          'The signed-in user; for a member also the location they chose (PUT /members/location), null until then',
        security,
        response: { 200: ok(me) },
      },
    },
    async (request) => ({ status: 1 as const, data: await auth.currentUser(app.deps.database.db, caller(request).id) }),
  );
};
