import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { notice, serverError, validation } from '../../../contract/messages.js';
import { codes, sessions, users, wallets } from '../../db/schema.js';
import {
  bearer,
  createTestContext,
  expectFailure,
  expectRefused,
  injectAs,
  lastCode,
  withApp,
} from '../../test/harness.js';
import { createAdmin, createMember, signIn, uniquePhone } from '../../test/factories.js';
import { accountForm } from '../../test/forms.js';

const ctx = withApp();

const { post } = injectAs(() => ctx);

describe('health and envelope', () => {
  it('answers health', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/v1/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 1 });
  });

  it('accepts the double slash after /v1 that old clients send', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/v1//health' });
    expect(res.json()).toEqual({ status: 1 });
  });

  it('answers unknown API paths with a 404 envelope', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/v1/nope' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ status: 0 });
  });

  it('serves the OpenAPI document at /docs', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/docs/json' });
    expect(res.statusCode).toBe(200);
    expect(Object.keys(res.json().paths)).toContain('/v1/members/signup');
  });
});

describe('member registration and phone login', () => {
  it('registers, verifies, logs in and out', async () => {
    const phone = uniquePhone();
    const signup = await post('/v1/members/signup', { name: 'Ana Diaz', email: 'Ana@Example.com', phone });
    expect(signup.statusCode).toBe(200);
    expect(signup.json()).toEqual({ status: 1, message: notice.otpSendSuccessfully });
    expect(signup.body).not.toMatch(/\d{6}/);

    const code = await lastCode(ctx, phone);
    expect(code).toMatch(/^\d{6}$/);
    const [stored] = await ctx.db.select().from(codes).where(eq(codes.target, phone));
    expect(stored!.codeHash).not.toContain(code);

    const verify = await post('/v1/auth/verify-otp', { mobile: phone, otp: code, flag: 'register' });
    expect(verify.json()).toEqual({ status: 1, message: notice.signupSuccessfully });
    const [user] = await ctx.db.select().from(users).where(eq(users.phone, phone));
    expect(user!.email).toBe('ana@example.com');
    expect(user!.phoneVerifiedAt).not.toBeNull();
    // No wallet row yet: the ledger opens one when money first arrives (its figures read zeros until then).
    expect(await ctx.db.select().from(wallets).where(eq(wallets.userId, user!.id))).toHaveLength(0);

    const send = await post('/v1/user/login/send-otp', { mobile: phone });
    expect(send.json()).toEqual({ status: 1, message: notice.otpSendSuccessfully });
    const loginCode = await lastCode(ctx, phone);
    const login = await post('/v1/members/login', { phone, otp: loginCode });
    expect(login.statusCode).toBe(200);
    const body = login.json();
    expect(body).toMatchObject({ status: 1, data: { _id: user!.id, name: 'Ana Diaz' } });
    expect(typeof body.token).toBe('string');

    const me = await ctx.app.inject({ method: 'GET', url: '/v1/auth/me', headers: bearer(body.token) });
    expect(me.json().data).toMatchObject({ _id: user!.id, role: 'customer' });

    // The code is single use.
    const again = await post('/v1/members/login', { phone, otp: loginCode });
    expect(again.statusCode).toBe(400);

    const out = await post('/v1/auth/logout', {}, body.token);
    expect(out.statusCode).toBe(200);
    const after = await ctx.app.inject({ method: 'GET', url: '/v1/auth/me', headers: bearer(body.token) });
    expect(after.statusCode).toBe(401);
  });

  it('gives the validation messages in the order the fields are checked', async () => {
    const res = await post('/v1/members/signup', { name: '', email: '', phone: '' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      status: 0,
      message: validation.nameRequired,
      errors: { name: validation.nameRequired, email: validation.emailRequired, phone: validation.phoneRequired },
    });
    const bad = await post('/v1/members/signup', { name: 'X', email: 'nope', phone: '5551234567' });
    expect(bad.json().message).toBe(validation.emailInvalid);
  });

  it('answers a phone that is already registered as any other, and texts its owner a notice, not a code', async () => {
    const member = await createMember(ctx.db);
    const res = await post('/v1/members/signup', { name: 'X', email: 'other@example.com', phone: member.phone });
    expect(res.json()).toEqual({ status: 1, message: notice.otpSendSuccessfully });
    await expect(lastCode(ctx, member.phone!)).rejects.toThrow('no code was sent');
  });

  it('burns a login code after five wrong tries', async () => {
    const member = await createMember(ctx.db);
    await post('/v1/user/login/send-otp', { mobile: member.phone });
    const code = await lastCode(ctx, member.phone!);
    const wrong = code === '000000' ? '111111' : '000000';
    for (let i = 0; i < 4; i++) {
      const res = await post('/v1/members/login', { phone: member.phone, otp: wrong });
      expect(res.json().message).toBe(validation.otpInvalid);
    }
    const fifth = await post('/v1/members/login', { phone: member.phone, otp: wrong });
    expect(fifth.json().message).toBe(serverError.codeBurnt);
    const right = await post('/v1/members/login', { phone: member.phone, otp: code });
    expect(right.statusCode).toBe(400);
    expect(right.json().message).toBe(serverError.codeBurnt);
  });

  it('refuses an expired code', async () => {
    const member = await createMember(ctx.db);
    await post('/v1/user/login/send-otp', { mobile: member.phone });
    const code = await lastCode(ctx, member.phone!);
    await ctx.db
      .update(codes)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(codes.target, member.phone!));
    const res = await post('/v1/members/login', { phone: member.phone, otp: code });
    expectFailure(res, 400, { code: 'invalid', message: serverError.codeExpired });
  });

  it('limits code sends per phone with 429', async () => {
    const member = await createMember(ctx.db);
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++)
      statuses.push((await post('/v1/user/login/send-otp', { mobile: member.phone })).statusCode);
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
  });

  it('answers an unknown phone as it answers a member, and texts nothing', async () => {
    const phone = uniquePhone();
    const res = await post('/v1/user/login/send-otp', { mobile: phone });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 1, message: notice.otpSendSuccessfully });
    await expect(lastCode(ctx, phone)).rejects.toThrow(/no code was sent/);
    const login = await post('/v1/members/login', { phone, otp: '123456' });
    expectFailure(login, 400, { code: 'invalid', message: validation.otpInvalid });
  });

  it('limits code sends to an unknown phone as it limits them to a member', async () => {
    const phone = uniquePhone();
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) statuses.push((await post('/v1/user/login/send-otp', { mobile: phone })).statusCode);
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
  });

  it("ends a blocked member's sessions at once", async () => {
    const member = await createMember(ctx.db);
    const token = await signIn(ctx.db, member.id);
    await ctx.db.update(users).set({ isBlocked: true }).where(eq(users.id, member.id));
    const res = await ctx.app.inject({ method: 'GET', url: '/v1/auth/me', headers: bearer(token) });
    expect(res.statusCode).toBe(403);
    expect(await ctx.db.select().from(sessions).where(eq(sessions.userId, member.id))).toHaveLength(0);
  });
});

describe('admin login', () => {
  it('signs an admin in and refuses a wrong password', async () => {
    const admin = await createAdmin(ctx.db);
    const res = await post('/v1/auth/adminlogin', { email: admin.email, password: admin.password });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 1, data: { status: 1, email: admin.email } });
    const wrong = await post('/v1/auth/adminlogin', { email: admin.email, password: 'Wrong1234' });
    expectFailure(wrong, 401, { code: 'unauthorized', message: notice.credentialsMismatch });
  });

  it('does not let a member sign in as admin', async () => {
    const member = await createMember(ctx.db, { password: 'Member1234' });
    const res = await post('/v1/auth/adminlogin', { email: member.email, password: 'Member1234' });
    expect(res.statusCode).toBe(401);
  });

  it('validates the admin login form', async () => {
    const res = await post('/v1/auth/adminlogin', { email: 'x', password: '' });
    expect(res.json()).toMatchObject({
      message: validation.mustBeValidEmail,
      errors: { password: validation.passwordRequired },
    });
  });
});

describe('email accounts', () => {
  const form = (email: string, phone: string) => accountForm(email, phone, 'provider');

  it('registers a provider, verifies the email with 4 digits, logs in', async () => {
    const phone = uniquePhone();
    const res = await post('/v1/auth/register', form('pat@example.com', phone));
    expect(res.json()).toMatchObject({ status: 1, data: { email: 'pat@example.com' } });
    const [user] = await ctx.db.select().from(users).where(eq(users.email, 'pat@example.com'));
    expect(user).toMatchObject({ role: 'provider', status: '0', name: 'Pat Lee' });
    expect(user!.passwordHash).toMatch(/^\$argon2id\$/);

    const early = await post('/v1/auth/login', { email: 'pat@example.com', password: 'Secret123' });
    expect(early.statusCode).toBe(403);

    const code = await lastCode(ctx, 'pat@example.com');
    expect(code).toMatch(/^\d{4}$/);
    const verify = await post('/v1/auth/verify-email', { email: 'pat@example.com', otpNumber: code });
    expect(verify.json()).toEqual({ status: 1, message: notice.accountVerified });
    const login = await post('/v1/auth/login', { email: 'pat@example.com', password: 'Secret123' });
    expect(login.json()).toMatchObject({ status: 1, data: { _id: user!.id } });
  });

  it('checks the sign-up rules', async () => {
    const weak = await post('/v1/auth/register', {
      ...form('weak@example.com', uniquePhone()),
      password: 'password',
      password_again: 'password',
    });
    expect(weak.json().message).toBe(validation.passwordRule);
    const long = await post('/v1/auth/register', {
      ...form('long@example.com', uniquePhone()),
      password: 'Aa1'.repeat(8),
      password_again: 'Aa1'.repeat(8),
    });
    expect(long.json().message).toBe(validation.passwordTooLong);
    const mismatch = await post('/v1/auth/register', {
      ...form('mm@example.com', uniquePhone()),
      password_again: 'Secret124',
    });
    expect(mismatch.json().message).toBe(validation.passwordsMustMatch);
    const terms = await post('/v1/auth/register', { ...form('t@example.com', uniquePhone()), terms: false });
    expect(terms.json().message).toBe(validation.acceptTerms);
    const short = await post('/v1/auth/register', form('a@b.co', uniquePhone()));
    expect(short.json().message).toBe(validation.emailMin);
  });

  it('resets a password in three stages', async () => {
    const member = await createMember(ctx.db, { email: 'reset@example.com', password: 'Old12345' });
    const oldToken = await signIn(ctx.db, member.id);
    expect(
      (await post('/ForgotPassword'.replace(/^/, '/v1'), { stage: 1, email: 'reset@example.com' })).statusCode,
    ).toBe(200);
    const code = await lastCode(ctx, 'reset@example.com');
    const stage2 = await post('/v1/ForgotPassword', { stage: 2, email: 'reset@example.com', otp: code });
    expect(stage2.statusCode).toBe(200);
    const mismatch = await post('/v1/ForgotPassword', {
      stage: 3,
      email: 'reset@example.com',
      otp: code,
      password: 'New12345',
      confirmPassword: 'New12346',
    });
    expect(mismatch.json().message).toBe(validation.passwordNoMatch);
    const stage3 = await post('/v1/ForgotPassword', {
      stage: 3,
      email: 'reset@example.com',
      otp: code,
      password: 'New12345',
      confirmPassword: 'New12345',
    });
    expect(stage3.json()).toEqual({ status: 1, message: notice.passwordChanged });
    const login = await post('/v1/auth/login', { email: 'reset@example.com', password: 'New12345' });
    expect(login.statusCode).toBe(200);
    const old = await ctx.app.inject({ method: 'GET', url: '/v1/auth/me', headers: bearer(oldToken) });
    expect(old.statusCode).toBe(401);
  });

  it('answers forgot-password the same for an unknown email', async () => {
    const res = await post('/v1/ForgotPassword', { stage: 1, email: 'nobody@example.com' });
    expect(res.json()).toEqual({ status: 1, message: notice.otpSendSuccessfully });
  });
});

describe('roles', () => {
  it('refuses anonymous callers with 401', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/v1/auth/me' });
    expectRefused(res, 401);
  });
});

describe('dev outbox', () => {
  it('lists texts newest first', async () => {
    const member = await createMember(ctx.db);
    await post('/v1/user/login/send-otp', { mobile: member.phone });
    const res = await ctx.app.inject({ method: 'GET', url: `/v1/dev/outbox?to=${member.phone}` });
    expect(res.json().data[0]).toMatchObject({ to: member.phone, channel: 'sms' });
    expect(res.json().data[0].code).toMatch(/^\d{6}$/);
  });

  it('does not exist in production mode', async () => {
    const prod = await createTestContext({ NODE_ENV: 'production' });
    try {
      const res = await prod.app.inject({ method: 'GET', url: '/v1/dev/outbox?to=x' });
      expect(res.statusCode).toBe(404);
    } finally {
      await prod.close();
    }
  });
});
