// Sign-in codes under attack: parallel guessing, the per-account lockout, sign-ups squatting an
// email or phone, and a login-code request that must not tell which phones have accounts.
// On PGlite the parallel requests are serialized by its one connection; on PostgreSQL they race
// for real. Every assertion holds on both.
import { and, desc, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { notice, profileText, serverError, takenContactText, validation } from '../../contract/messages.js';
import { api } from '../../contract/paths.js';
import { codes, outbox, referrals, users, type CodePurpose } from '../db/schema.js';
import { purgeUnverifiedSignups } from '../modules/auth/auth.housekeeping.js';
import { bookingOf, createAdmin, createMember, uniquePhone } from '../test/factories.js';
import { accountForm } from '../test/forms.js';
import { clientAddress, expectFailure, lastCode, withApp } from '../test/harness.js';

const ctx = withApp();

// Each request comes from its own address, so the per-address limits on code checks and sends
// never answer in place of the code rules under test.
const post = (path: string, payload: object) =>
  ctx.app.inject({ method: 'POST', url: `${api.prefix}${path}`, payload, remoteAddress: clientAddress() });

let sequence = 0;
const uniqueEmail = (label: string) => `${label}${Date.now() % 1_000_000}${++sequence}@example.com`;

/** `count` different codes of the same length, none of them the right one. */
function wrongCodes(right: string, count: number): string[] {
  const wrong: string[] = [];
  for (let n = 0; wrong.length < count; n++) {
    const candidate = String(n).padStart(right.length, '0');
    if (candidate !== right) wrong.push(candidate);
  }
  return wrong;
}

async function newestCode(target: string, purpose: CodePurpose) {
  const [row] = await ctx.db
    .select({ attempts: codes.attempts, consumedAt: codes.consumedAt })
    .from(codes)
    .where(and(eq(codes.target, target), eq(codes.purpose, purpose)))
    .orderBy(desc(codes.createdAt))
    .limit(1);
  return row!;
}

async function wrongTriesToday(target: string, purpose: CodePurpose) {
  const [row] = await ctx.db
    .select({ n: sql<number>`coalesce(sum(${codes.attempts}), 0)`.mapWith(Number) })
    .from(codes)
    .where(and(eq(codes.target, target), eq(codes.purpose, purpose)));
  return row!.n;
}

const messagesOf = (responses: { json(): { message?: string } }[]) => {
  const tally: Record<string, number> = {};
  for (const res of responses) {
    const message = res.json().message ?? '';
    tally[message] = (tally[message] ?? 0) + 1;
  }
  return tally;
};

const memberForm = (phone: string, email: string, extra: object = {}) => ({ name: 'Ana Diaz', email, phone, ...extra });

// ---------------------------------------------------------------- parallel guessing

interface CodePath {
  name: string;
  purpose: CodePurpose;
  /** Sends a code; answers the target it went to. */
  setup(): Promise<string>;
  guess(target: string, code: string): object;
  path: string;
}

const resetSetup = async () => {
  const email = uniqueEmail('reset');
  await createMember(ctx.db, { email, password: 'Old12345' });
  expect((await post(api.forgotPassword, { stage: 1, email })).statusCode).toBe(200);
  return email;
};

const codePaths: CodePath[] = [
  {
    name: 'member sign-up verification',
    purpose: 'register',
    path: api.verifyOtp,
    async setup() {
      const phone = uniquePhone();
      expect((await post(api.memberSignup, memberForm(phone, uniqueEmail('signup')))).statusCode).toBe(200);
      return phone;
    },
    guess: (mobile, otp) => ({ mobile, otp, flag: 'register' }),
  },
  {
    name: 'member login',
    purpose: 'login',
    path: api.memberLogin,
    async setup() {
      const member = await createMember(ctx.db);
      expect((await post(api.sendLoginOtp, { mobile: member.phone })).statusCode).toBe(200);
      return member.phone!;
    },
    guess: (phone, otp) => ({ phone, otp }),
  },
  {
    name: 'email verification',
    purpose: 'verify_email',
    path: api.verifyEmail,
    async setup() {
      const email = uniqueEmail('verify');
      expect((await post(api.emailRegister, accountForm(email, uniquePhone()))).statusCode).toBe(200);
      return email;
    },
    guess: (email, otpNumber) => ({ email, otpNumber }),
  },
  {
    name: 'reset-code check (verify-reset-otp)',
    purpose: 'reset_password',
    path: api.verifyResetOtp,
    setup: resetSetup,
    guess: (email, otpNumber) => ({ email, otpNumber }),
  },
  {
    name: 'forgot password stage 2',
    purpose: 'reset_password',
    path: api.forgotPassword,
    setup: resetSetup,
    guess: (email, otp) => ({ stage: 2, email, otp }),
  },
  {
    name: 'forgot password stage 3',
    purpose: 'reset_password',
    path: api.forgotPassword,
    setup: resetSetup,
    guess: (email, otp) => ({ stage: 3, email, otp, password: 'New12345', confirmPassword: 'New12345' }),
  },
  {
    name: 'reset password',
    purpose: 'reset_password',
    path: api.resetPassword,
    setup: resetSetup,
    guess: (email, otpNumber) => ({ email, otpNumber, password: 'New12345', confirmPassword: 'New12345' }),
  },
];

describe('50 parallel wrong guesses check exactly 5', () => {
  it.each(codePaths)('$name', async (route) => {
    const target = await route.setup();
    const right = await lastCode(ctx, target);

    const answers = await Promise.all(wrongCodes(right, 50).map((code) => post(route.path, route.guess(target, code))));

    expect(answers.map((res) => res.statusCode)).toEqual(Array(50).fill(400));
    // Four checked guesses are wrong, the fifth burns the code, and the other 45 are refused
    // without being compared.
    expect(messagesOf(answers)).toEqual({ [validation.otpInvalid]: 4, [serverError.codeBurnt]: 46 });
    expect(await newestCode(target, route.purpose)).toMatchObject({ attempts: 5, consumedAt: null });

    const late = await post(route.path, route.guess(target, right));
    expectFailure(late, 400, { code: 'invalid', message: serverError.codeBurnt });
  });
});

describe('the right code after a few wrong ones', () => {
  it('still signs in, once, and the reset check does not use the code up', async () => {
    const email = await resetSetup();
    const right = await lastCode(ctx, email);
    const wrong = wrongCodes(right, 2);
    for (const code of wrong)
      expect((await post(api.verifyResetOtp, { email, otpNumber: code })).json().message).toBe(validation.otpInvalid);
    expect((await post(api.verifyResetOtp, { email, otpNumber: right })).statusCode).toBe(200);
    const stage3 = await post(api.forgotPassword, {
      stage: 3,
      email,
      otp: right,
      password: 'New12345',
      confirmPassword: 'New12345',
    });
    expect(stage3.json()).toEqual({ status: 1, message: notice.passwordChanged });
    // Single use: the same code cannot set a password again.
    const again = await post(api.resetPassword, {
      email,
      otpNumber: right,
      password: 'Other123',
      confirmPassword: 'Other123',
    });
    expectFailure(again, 400, { code: 'invalid', message: validation.otpInvalid });
    // Only the wrong tries count against the account.
    expect(await wrongTriesToday(email, 'reset_password')).toBe(2);
  });
});

// ---------------------------------------------------------------- lockout per account

describe('wrong codes per account and day', () => {
  async function burn(path: string, body: (code: string) => object, right: string) {
    for (const code of wrongCodes(right, 5)) expect((await post(path, body(code))).statusCode).toBe(400);
  }

  it('refuses even the right 4-digit reset code after 10 wrong ones, with 429', async () => {
    const email = await resetSetup();
    const [member] = await ctx.db
      .select({ passwordHash: users.passwordHash })
      .from(users)
      .where(eq(users.email, email));
    await burn(api.verifyResetOtp, (otpNumber) => ({ email, otpNumber }), await lastCode(ctx, email));
    expect((await post(api.forgotPassword, { stage: 1, email })).statusCode).toBe(200);
    const second = await lastCode(ctx, email);
    await burn(api.verifyResetOtp, (otpNumber) => ({ email, otpNumber }), second);

    const refused = await post(api.verifyResetOtp, { email, otpNumber: second });
    expectFailure(refused, 429, { code: 'too_many', message: serverError.tooManyWrongCodes });

    // A new code does not lift it, on any of the reset routes.
    expect((await post(api.forgotPassword, { stage: 1, email })).statusCode).toBe(200);
    const third = await lastCode(ctx, email);
    for (const [path, body] of [
      [api.verifyResetOtp, { email, otpNumber: third }],
      [api.forgotPassword, { stage: 2, email, otp: third }],
      [api.forgotPassword, { stage: 3, email, otp: third, password: 'New12345', confirmPassword: 'New12345' }],
      [api.resetPassword, { email, otpNumber: third, password: 'New12345', confirmPassword: 'New12345' }],
    ] as const) {
      const res = await post(path, body);
      expect(res.statusCode).toBe(429);
      expect(res.json().message).toBe(serverError.tooManyWrongCodes);
    }
    const [after] = await ctx.db.select({ passwordHash: users.passwordHash }).from(users).where(eq(users.email, email));
    expect(after!.passwordHash).toBe(member!.passwordHash);
    expect(await newestCode(email, 'reset_password')).toMatchObject({ attempts: 0, consumedAt: null });

    // Another account is not affected.
    const other = await resetSetup();
    expect((await post(api.verifyResetOtp, { email: other, otpNumber: await lastCode(ctx, other) })).statusCode).toBe(
      200,
    );

    // Tries older than a day no longer count.
    await ctx.db
      .update(codes)
      .set({ createdAt: sql`now() - interval '25 hours'` })
      .where(and(eq(codes.target, email), eq(codes.purpose, 'reset_password')));
    expect((await post(api.forgotPassword, { stage: 1, email })).statusCode).toBe(200);
    expect((await post(api.verifyResetOtp, { email, otpNumber: await lastCode(ctx, email) })).statusCode).toBe(200);
  });

  it('applies the same rule to the 6-digit login codes', async () => {
    const member = await createMember(ctx.db);
    const phone = member.phone!;
    const login = (otp: string) => ({ phone, otp });
    expect((await post(api.sendLoginOtp, { mobile: phone })).statusCode).toBe(200);
    await burn(api.memberLogin, login, await lastCode(ctx, phone));
    expect((await post(api.sendLoginOtp, { mobile: phone })).statusCode).toBe(200);
    await burn(api.memberLogin, login, await lastCode(ctx, phone));
    expect((await post(api.sendLoginOtp, { mobile: phone })).statusCode).toBe(200);

    const refused = await post(api.memberLogin, login(await lastCode(ctx, phone)));
    expectFailure(refused, 429, { code: 'too_many', message: serverError.tooManyWrongCodes });
  });

  it('lets parallel guesses past the cap by at most one code of tries', async () => {
    const email = await resetSetup();
    await burn(api.verifyResetOtp, (otpNumber) => ({ email, otpNumber }), await lastCode(ctx, email));
    expect((await post(api.forgotPassword, { stage: 1, email })).statusCode).toBe(200);
    const second = await lastCode(ctx, email);
    for (const otpNumber of wrongCodes(second, 4)) await post(api.verifyResetOtp, { email, otpNumber });
    expect(await wrongTriesToday(email, 'reset_password')).toBe(9);

    expect((await post(api.forgotPassword, { stage: 1, email })).statusCode).toBe(200);
    const third = await lastCode(ctx, email);
    const answers = await Promise.all(
      wrongCodes(third, 50).map((otpNumber) => post(api.verifyResetOtp, { email, otpNumber })),
    );
    // Compared guesses answer 400 (wrong, or burnt on the code's fifth); the rest are refused
    // with 429 unread. PGlite runs them one after another (one compared); PostgreSQL races them.
    const checked = answers.filter((res) => res.statusCode === 400).length;
    expect(checked).toBeGreaterThanOrEqual(1);
    expect(checked).toBeLessThanOrEqual(5);
    expect(await wrongTriesToday(email, 'reset_password')).toBe(9 + checked);
    expect(
      answers.filter((res) => res.statusCode === 429 && res.json().message === serverError.tooManyWrongCodes),
    ).toHaveLength(50 - checked);

    expect((await post(api.verifyResetOtp, { email, otpNumber: third })).statusCode).toBe(429);
  });
});

// ---------------------------------------------------------------- squatting

describe('an unverified sign-up does not hold an email or phone', () => {
  const rowsHolding = (column: typeof users.phone | typeof users.email | typeof users.id, value: string) =>
    ctx.db.select({ id: users.id, name: users.name }).from(users).where(eq(column, value));

  it('member sign-up takes over a phone held by an unverified member sign-up', async () => {
    const phone = uniquePhone();
    expect(
      (await post(api.memberSignup, memberForm(phone, uniqueEmail('squat'), { name: 'Squatter' }))).statusCode,
    ).toBe(200);
    const owner = await post(api.memberSignup, memberForm(phone, uniqueEmail('owner'), { name: 'Owner' }));
    expect(owner.json()).toEqual({ status: 1, message: notice.otpSendSuccessfully });
    expect(await rowsHolding(users.phone, phone)).toMatchObject([{ name: 'Owner' }]);
    const verify = await post(api.verifyOtp, { mobile: phone, otp: await lastCode(ctx, phone), flag: 'register' });
    expect(verify.json()).toEqual({ status: 1, message: notice.signupSuccessfully });
  });

  it('member sign-up takes over an email held by an unverified account sign-up', async () => {
    const email = uniqueEmail('shared');
    const squatterPhone = uniquePhone();
    expect((await post(api.emailRegister, accountForm(email, squatterPhone))).statusCode).toBe(200);
    const phone = uniquePhone();
    const owner = await post(api.memberSignup, memberForm(phone, email, { name: 'Owner' }));
    expect(owner.statusCode).toBe(200);
    expect(await rowsHolding(users.email, email)).toMatchObject([{ name: 'Owner' }]);
    // The squatter's row is gone, phone and all.
    expect(await rowsHolding(users.phone, squatterPhone)).toEqual([]);
  });

  it('account sign-up takes over an email and a phone held by two unverified sign-ups', async () => {
    const email = uniqueEmail('both');
    const phone = uniquePhone();
    expect((await post(api.memberSignup, memberForm(uniquePhone(), email, { name: 'Holds email' }))).statusCode).toBe(
      200,
    );
    expect(
      (await post(api.memberSignup, memberForm(phone, uniqueEmail('x'), { name: 'Holds phone' }))).statusCode,
    ).toBe(200);

    const owner = await post(api.emailRegister, accountForm(email, phone));
    expect(owner.json()).toMatchObject({ status: 1, data: { email } });
    expect(await rowsHolding(users.email, email)).toMatchObject([{ name: 'Pat Lee' }]);
    expect(await rowsHolding(users.phone, phone)).toMatchObject([{ name: 'Pat Lee' }]);
    const verify = await post(api.verifyEmail, { email, otpNumber: await lastCode(ctx, email) });
    expect(verify.json()).toEqual({ status: 1, message: notice.accountVerified });
  });

  it('account sign-up takes over an email held by an unverified account sign-up', async () => {
    const email = uniqueEmail('again');
    expect((await post(api.emailRegister, accountForm(email, uniquePhone()))).statusCode).toBe(200);
    const phone = uniquePhone();
    expect((await post(api.emailRegister, accountForm(email, phone))).statusCode).toBe(200);
    const [row] = await ctx.db.select({ phone: users.phone }).from(users).where(eq(users.email, email));
    expect(row!.phone).toBe(phone);
  });

  it("answers a sign-up naming a verified member's email or phone as any other, and tells the owner instead", async () => {
    // Phone proven by a text, email by a mail (the password account's own).
    const member = await createMember(ctx.db, { password: 'Secret123' });
    const [emailA, emailB, phoneA, phoneB] = [uniqueEmail('a'), uniqueEmail('b'), uniquePhone(), uniquePhone()];
    const forms = [
      [api.memberSignup, memberForm(member.phone!, emailA)],
      [api.memberSignup, memberForm(phoneA, member.email!)],
      [api.emailRegister, accountForm(emailB, member.phone!)],
      [api.emailRegister, accountForm(member.email!, phoneB)],
    ] as const;
    const answers = [];
    for (const [path, form] of forms) answers.push((await post(path, form)).json());
    // Before: 409 'This phone number is already registered.' / 'This email is already registered.'
    const asNew = [
      (await post(api.memberSignup, memberForm(uniquePhone(), uniqueEmail('new')))).json(),
      (await post(api.emailRegister, accountForm(uniqueEmail('new'), uniquePhone()))).json(),
    ];
    expect(answers).toEqual([
      asNew[0],
      asNew[0],
      { ...asNew[1], data: { email: emailB } },
      { ...asNew[1], data: { email: member.email } },
    ]);

    // No code anywhere, nothing created; the owner and the sign-ups' other contacts are told.
    const sent = await ctx.db
      .select({ to: outbox.to, body: outbox.body, subject: outbox.subject, code: outbox.code })
      .from(outbox)
      .where(
        sql`${outbox.to} in (${sql.join(
          [member.phone!, member.email!, emailA, emailB, phoneA, phoneB].map((to) => sql`${to}`),
          sql`, `,
        )})`,
      );
    expect(sent.every((message) => message.code === null)).toBe(true);
    const to = (target: string) => sent.filter((message) => message.to === target);
    expect(to(member.phone!).map((m) => m.body)).toEqual([
      takenContactText.phoneOwnerText,
      takenContactText.phoneOwnerText,
    ]);
    expect(to(member.email!).map((m) => m.subject)).toEqual([
      takenContactText.emailOwner.subject,
      takenContactText.emailOwner.subject,
    ]);
    for (const other of [emailA, emailB])
      expect(to(other).map((m) => m.subject)).toEqual([takenContactText.emailOfOther.subject]);
    for (const other of [phoneA, phoneB])
      expect(to(other).map((m) => m.body)).toEqual([takenContactText.phoneOfOtherText]);
    for (const other of [emailA, emailB]) expect(await rowsHolding(users.email, other)).toEqual([]);
    for (const other of [phoneA, phoneB]) expect(await rowsHolding(users.phone, other)).toEqual([]);
    expect(await rowsHolding(users.id, member.id)).toHaveLength(1);
  });

  it("takes an email from a phone account that never proved it (the attacker's phone, the victim's email)", async () => {
    const email = uniqueEmail('victim');
    const squatterPhone = uniquePhone();
    expect((await post(api.memberSignup, memberForm(squatterPhone, email, { name: 'Squatter' }))).statusCode).toBe(200);
    expect(
      (await post(api.verifyOtp, { mobile: squatterPhone, otp: await lastCode(ctx, squatterPhone) })).statusCode,
    ).toBe(200);
    // An email never proven recovers nothing.
    expect((await post(api.forgotPassword, { stage: 1, email })).statusCode).toBe(200);
    await expect(lastCode(ctx, email)).rejects.toThrow('no code was sent');

    const owner = await post(api.emailRegister, accountForm(email, uniquePhone()));
    expect(owner.statusCode).toBe(200);
    expect(await rowsHolding(users.email, email)).toMatchObject([{ name: 'Pat Lee' }]);
    expect(await rowsHolding(users.phone, squatterPhone)).toMatchObject([{ name: 'Squatter' }]);
    expect((await post(api.verifyEmail, { email, otpNumber: await lastCode(ctx, email) })).statusCode).toBe(200);
  });

  it("takes a phone from an email account that never proved it (the attacker's email, the victim's phone)", async () => {
    const phone = uniquePhone();
    const squatterEmail = uniqueEmail('squatter');
    expect((await post(api.emailRegister, accountForm(squatterEmail, phone))).statusCode).toBe(200);
    const code = await lastCode(ctx, squatterEmail);
    expect((await post(api.verifyEmail, { email: squatterEmail, otpNumber: code })).statusCode).toBe(200);
    // The email proved nothing of the phone: a phone sign-in texts it no code (before: it did,
    // and the victim's code signed the victim in to the squatter's account).
    expect((await post(api.sendLoginOtp, { mobile: phone })).statusCode).toBe(200);
    await expect(lastCode(ctx, phone)).rejects.toThrow('no code was sent');

    // The victim signs up with its own phone (before: 409, the phone was taken).
    const owner = await post(api.memberSignup, memberForm(phone, uniqueEmail('owner'), { name: 'Owner' }));
    expect(owner.json()).toEqual({ status: 1, message: notice.otpSendSuccessfully });
    expect((await post(api.verifyOtp, { mobile: phone, otp: await lastCode(ctx, phone) })).statusCode).toBe(200);
    expect(await rowsHolding(users.phone, phone)).toMatchObject([{ name: 'Owner' }]);
    const [squatter] = await ctx.db.select({ phone: users.phone }).from(users).where(eq(users.email, squatterEmail));
    expect(squatter).toEqual({ phone: null });
  });

  it('lets an email account prove its own phone by a texted code, and then sign in with it', async () => {
    const phone = uniquePhone();
    const email = uniqueEmail('prover');
    expect((await post(api.emailRegister, accountForm(email, phone))).statusCode).toBe(200);
    expect((await post(api.verifyEmail, { email, otpNumber: await lastCode(ctx, email) })).statusCode).toBe(200);
    const token = (await post(api.emailLogin, { email, password: 'Secret123' })).json().token as string;
    const asMember = (path: string, payload: object = {}) =>
      ctx.app.inject({
        method: 'POST',
        url: `${api.prefix}${path}`,
        payload,
        headers: { authorization: `Bearer ${token}` },
        remoteAddress: clientAddress(),
      });
    const profile = async () =>
      (
        await ctx.app.inject({
          method: 'GET',
          url: `${api.prefix}${api.memberProfile.replace(':userId', (await rowsHolding(users.email, email))[0]!.id)}`,
          headers: { authorization: `Bearer ${token}` },
        })
      ).json().data;
    expect(await profile()).toMatchObject({ phone, phone_verified: false });

    expect((await asMember(api.sendPhoneProof)).json()).toEqual({ status: 1, message: notice.otpSendSuccessfully });
    const code = await lastCode(ctx, phone);
    const wrong = await asMember(api.provePhone, { otp: wrongCodes(code, 1)[0] });
    expect(wrong.json()).toMatchObject({ status: 0, message: validation.otpInvalid });
    const proven = await asMember(api.provePhone, { otp: code });
    expect(proven.json()).toEqual({ status: 1, message: profileText.phoneVerified });
    expect(await profile()).toMatchObject({ phone, phone_verified: true });
    expect((await asMember(api.sendPhoneProof)).json()).toMatchObject({ message: serverError.phoneAlreadyVerified });

    expect((await post(api.sendLoginOtp, { mobile: phone })).statusCode).toBe(200);
    const signedIn = await post(api.memberLogin, { phone, otp: await lastCode(ctx, phone) });
    expect(signedIn.json()).toMatchObject({ status: 1, token: expect.any(String) });
  });

  it("a stranger signing up again with a waiting member's phone does not get the member's code to verify the stranger's account", async () => {
    const phone = uniquePhone();
    const mine = uniqueEmail('owner');
    expect((await post(api.memberSignup, memberForm(phone, mine, { name: 'Owner' }))).statusCode).toBe(200);
    // The stranger's sign-up replaces the waiting one and texts the owner's phone a new code.
    const theirs = uniqueEmail('stranger');
    expect((await post(api.memberSignup, memberForm(phone, theirs, { name: 'Stranger' }))).statusCode).toBe(200);
    const code = await lastCode(ctx, phone);
    const refused = await post(api.verifyOtp, { mobile: phone, otp: code, email: mine });
    expect(refused.json()).toMatchObject({ status: 0, message: serverError.signupReplaced });
    const [stranger] = await ctx.db
      .select({ phoneVerifiedAt: users.phoneVerifiedAt })
      .from(users)
      .where(eq(users.email, theirs));
    expect(stranger).toEqual({ phoneVerifiedAt: null });

    // The owner signs up again: that sign-up holds the phone, and its code verifies it.
    expect((await post(api.memberSignup, memberForm(phone, mine, { name: 'Owner' }))).statusCode).toBe(200);
    const verified = await post(api.verifyOtp, { mobile: phone, otp: await lastCode(ctx, phone), email: mine });
    expect(verified.json()).toEqual({ status: 1, message: notice.signupSuccessfully });
    expect(await rowsHolding(users.phone, phone)).toMatchObject([{ name: 'Owner' }]);
  });

  it("never mails a reset code for an administrator's password", async () => {
    const admin = await createAdmin(ctx.db, { password: 'Right-Pass-1' });
    const email = admin.email!;
    expect((await post(api.forgotPassword, { stage: 1, email })).json()).toEqual({
      status: 1,
      message: notice.otpSendSuccessfully,
    });
    await expect(lastCode(ctx, email)).rejects.toThrow('no code was sent');
    // Nor does a code made some other way set it.
    const reset = await post(api.resetPassword, { email, otpNumber: '1234', password: 'NewPass123' });
    expect(reset.statusCode).toBe(400);
  });

  it('never removes an administrator', async () => {
    const email = uniqueEmail('admin');
    await ctx.db
      .insert(users)
      .values({ role: 'admin', name: 'Unverified admin', email, referralCode: `ADM${++sequence}${Date.now() % 1000}` });
    const res = await post(api.emailRegister, accountForm(email, uniquePhone()));
    expect(res.statusCode).toBe(200);
    await expect(lastCode(ctx, email)).rejects.toThrow('no code was sent');
    expect(await rowsHolding(users.email, email)).toMatchObject([{ name: 'Unverified admin' }]);
  });

  it("does not record referrals by an unverified member, so removing one loses no verified member's referral", async () => {
    const squatter = await createMember(ctx.db, { verified: false });
    const referrer = await createMember(ctx.db);
    const viaSquatter = uniquePhone();
    const viaReferrer = uniquePhone();
    expect(
      (await post(api.memberSignup, memberForm(viaSquatter, uniqueEmail('r'), { ref: squatter.referralCode })))
        .statusCode,
    ).toBe(200);
    expect(
      (await post(api.memberSignup, memberForm(viaReferrer, uniqueEmail('r'), { ref: referrer.referralCode })))
        .statusCode,
    ).toBe(200);
    const referred = await ctx.db
      .select({ by: referrals.referredBy })
      .from(referrals)
      .innerJoin(users, eq(users.id, referrals.userId))
      .where(eq(users.phone, viaSquatter));
    expect(referred).toEqual([]);
    const kept = await ctx.db
      .select({ by: referrals.referredBy })
      .from(referrals)
      .innerJoin(users, eq(users.id, referrals.userId))
      .where(eq(users.phone, viaReferrer));
    expect(kept).toEqual([{ by: referrer.id }]);
  });
});

describe('purgeUnverifiedSignups', () => {
  it('removes unverified sign-ups older than a day and nothing else', async () => {
    const now = new Date('2031-05-01T12:00:00Z');
    const hoursAgo = (hours: number) => new Date(now.getTime() - hours * 3_600_000);
    const stale = await createMember(ctx.db, { verified: false, createdAt: hoursAgo(25) });
    const fresh = await createMember(ctx.db, { verified: false, createdAt: hoursAgo(23) });
    const verified = await createMember(ctx.db, { createdAt: hoursAgo(48) });
    const admin = uniqueEmail('oldadmin');
    await ctx.db.insert(users).values({
      role: 'admin',
      name: 'Old admin',
      email: admin,
      referralCode: `OLD${++sequence}${Date.now() % 1000}`,
      createdAt: hoursAgo(48),
    });
    // A booking (made by an administrator) points at an unverified provider: the row stays
    // rather than the purge failing.
    const booked = await createMember(ctx.db, { verified: false, role: 'provider', createdAt: hoursAgo(30) });
    await bookingOf(ctx.db, verified, booked);

    const purged = await purgeUnverifiedSignups(ctx.db, now);

    expect(purged).toBeGreaterThanOrEqual(1);
    const left = async (id: string) =>
      (await ctx.db.select({ id: users.id }).from(users).where(eq(users.id, id))).length;
    expect(await left(stale.id)).toBe(0);
    expect(await left(fresh.id)).toBe(1);
    expect(await left(verified.id)).toBe(1);
    expect(await left(booked.id)).toBe(1);
    expect(await ctx.db.select({ id: users.id }).from(users).where(eq(users.email, admin))).toHaveLength(1);
  });
});

// ---------------------------------------------------------------- login-code requests

describe('a login-code request tells nothing about the phone', () => {
  it('answers the same for a member, an unknown phone, a blocked member and an unverified sign-up', async () => {
    const member = await createMember(ctx.db);
    const blocked = await createMember(ctx.db, { isBlocked: true });
    const unverified = await createMember(ctx.db, { verified: false });
    const unknown = uniquePhone();
    const answers = [];
    for (const phone of [member.phone!, unknown, blocked.phone!, unverified.phone!]) {
      const res = await post(api.sendLoginOtp, { mobile: phone });
      answers.push({ status: res.statusCode, body: res.body, type: res.headers['content-type'] });
    }
    expect(answers[0]).toEqual({
      status: 200,
      body: JSON.stringify({ status: 1, message: notice.otpSendSuccessfully }),
      type: answers[0]!.type,
    });
    for (const answer of answers.slice(1)) expect(answer).toEqual(answers[0]);

    const sent = async (to: string) =>
      (await ctx.db.select({ id: outbox.id }).from(outbox).where(eq(outbox.to, to))).length;
    expect(await sent(member.phone!)).toBe(1);
    expect(await sent(unknown)).toBe(0);
    expect(await sent(blocked.phone!)).toBe(0);
    expect(await sent(unverified.phone!)).toBe(0);

    // The phone without an account learns it at the code step, as a wrong code.
    const login = await post(api.memberLogin, { phone: unknown, otp: '123456' });
    expectFailure(login, 400, { code: 'invalid', message: validation.otpInvalid });
  });
});
