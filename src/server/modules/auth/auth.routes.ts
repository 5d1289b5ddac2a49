import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  adminLoginBody,
  adminLoginResponse,
  emailLoginBody,
  emailOnlyBody,
  emailRegisterBody,
  forgotPasswordBody,
  me,
  memberLoginBody,
  memberLoginResponse,
  memberSignupBody,
  resetPasswordBody,
  sendLoginOtpBody,
  verifyEmailBody,
  verifyOtpBody,
} from '../../../contract/auth.js';
import { ok, okMessage } from '../../../contract/common.js';
import { notice, serverError, validation } from '../../../contract/messages.js';
import { api } from '../../../contract/paths.js';
import { badRequest } from '../../errors.js';
import { deliverSoon } from '../../jobs.js';
import { overall, perAddress, perBodyField, type Limit } from '../../platform/rate-limit.js';
import { caller, requireRole } from './auth.guard.js';
import * as auth from './auth.service.js';

const tags = ['auth'];

export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  const ctx = (ip: string): auth.AuthContext => ({
    config: app.deps.config,
    db: app.deps.database.db,
    deliverSoon: () => deliverSoon(app.deps.jobs),
    clientIp: ip,
  });

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
  const textBudget = overall('texts', config.SMS_PER_HOUR, '1 hour', { message: serverError.tooManyCodes });
  const textLimits = (field: string) => [sendsPerAddress, sendsTo(field), textBudget];
  const mailLimits = (field: string) => [sendsPerAddress, sendsTo(field)];
  const codeChecks = [perAddress('code-checks', 30, '15 minutes', { failuresOnly: true })];
  const signinFailures = [
    perAddress('signin', config.SIGNIN_FAILURES_PER_IP, '15 minutes', {
      failuresOnly: true,
      backoff: true,
      message: serverError.tooManySignins,
    }),
    perBodyField('signin', 'email', config.SIGNIN_FAILURES_PER_ACCOUNT, '15 minutes', {
      failuresOnly: true,
      backoff: true,
      message: serverError.tooManySignins,
    }),
  ];
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
      config: { limits: textLimits('phone') },
      schema: {
        tags,
        summary: 'Register a member by phone; texts a 6-digit code',
        body: memberSignupBody,
        response: { 200: okMessage },
      },
    },
    async (request) => {
      await auth.signupMember(ctx(request.ip), request.body);
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
      await auth.verifyRegistration(ctx(request.ip), request.body.mobile, request.body.otp);
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
      await auth.sendLoginCode(ctx(request.ip), request.body.mobile);
      return { status: 1 as const, message: notice.otpSendSuccessfully };
    },
  );

  app.post(
    api.memberLogin,
    {
      config: { limits: codeChecks },
      schema: {
        tags,
        summary: 'Sign a member in with phone and code',
        body: memberLoginBody,
        response: { 200: memberLoginResponse },
      },
    },
    async (request) => {
      const { user, token } = await auth.loginMember(ctx(request.ip), request.body.phone, request.body.otp);
      return { status: 1 as const, message: notice.loginSuccessfully, data: user, token };
    },
  );

  app.post(
    api.adminLogin,
    {
      config: { limits: signinFailures },
      schema: {
        tags,
        summary: 'Sign an administrator in',
        body: adminLoginBody,
        response: { 200: adminLoginResponse },
      },
    },
    async (request) => {
      const { email, password, remember } = request.body;
      const result = await auth.loginAdmin(ctx(request.ip), email, password, remember ?? false);
      return {
        status: 1 as const,
        message: notice.loggedIn,
        data: { status: 1, email: result.email },
        token: result.token,
      };
    },
  );

  app.post(
    api.emailRegister,
    {
      config: { limits: mailLimits('email') },
      schema: {
        tags,
        summary: 'Create an email account (template sign-up); mails a 4-digit code',
        body: emailRegisterBody,
        response: { 200: ok(z.object({ email: z.string() })) },
      },
    },
    async (request) => {
      await auth.registerEmailAccount(ctx(request.ip), request.body);
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
      await auth.resendVerifyEmail(ctx(request.ip), request.body.email);
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
      await auth.verifyEmail(ctx(request.ip), request.body.email, request.body.otpNumber);
      return { status: 1 as const, message: notice.accountVerified };
    },
  );

  app.post(
    api.emailLogin,
    {
      config: { limits: signinFailures },
      schema: {
        tags,
        summary: 'Sign a member in with email and password',
        body: emailLoginBody,
        response: { 200: memberLoginResponse },
      },
    },
    async (request) => {
      const { user, token } = await auth.loginWithEmail(ctx(request.ip), request.body.email, request.body.password);
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
      const c = ctx(request.ip);
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
      await auth.checkResetCode(ctx(request.ip), request.body.email, request.body.otpNumber);
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
      await auth.resetPassword(ctx(request.ip), email, otpNumber, password);
      return { status: 1 as const, message: notice.passwordChanged };
    },
  );

  app.post(
    api.logout,
    {
      onRequest: requireRole(),
      schema: { tags, summary: 'End this session', security: [{ bearer: [] }], response: { 200: okMessage } },
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
        security: [{ bearer: [] }],
        response: { 200: ok(me) },
      },
    },
    async (request) => ({ status: 1 as const, data: await auth.currentUser(app.deps.database.db, caller(request).id) }),
  );
};
