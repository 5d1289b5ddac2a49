// Lock-outs that stop the attacker and not the owner, and text budgets that junk cannot spend:
// wrong passwords lock the address that sends them; only a flood from many addresses locks an
// account, never in a browser that has signed in to it (its device cookie), and a password reset
// lifts that lock. The shared text budgets count texts sent, so codes asked for numbers without an
// account cost nothing but the asker's own address budget.
import { and, count, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notice, serverError } from '../../contract/messages.js';
import { api } from '../../contract/paths.js';
import { outbox } from '../db/schema.js';
import { createAdmin, createMember, uniquePhone } from '../test/factories.js';
import { clientAddress, createTestContext, lastCode, type TestContext } from '../test/harness.js';

const v1 = (path: string) => `${api.prefix}${path}`;

/** The device cookie a sign-in answer set, as the browser sends it back. */
function deviceCookieOf(res: { cookies: { name: string; value: string }[] }): string {
  const cookie = res.cookies.find((c) => c.name === 'doorstep_device');
  if (!cookie) throw new Error('no device cookie was set');
  return `doorstep_device=${cookie.value}`;
}

describe('password sign-in under attack', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext({ SIGNIN_FAILURES_PER_ACCOUNT_ALL: '20' });
  });
  afterAll(() => ctx.close());

  const adminLogin = (email: string, password: string, remoteAddress = clientAddress(), cookie?: string) =>
    ctx.app.inject({
      method: 'POST',
      url: v1(api.adminLogin),
      remoteAddress,
      headers: cookie ? { cookie } : {},
      payload: { email, password },
    });
  const emailLogin = (email: string, password: string, remoteAddress = clientAddress(), cookie?: string) =>
    ctx.app.inject({
      method: 'POST',
      url: v1(api.emailLogin),
      remoteAddress,
      headers: cookie ? { cookie } : {},
      payload: { email, password },
    });

  it("locks the address that sends wrong passwords, not the administrator's own", async () => {
    const admin = await createAdmin(ctx.db, { password: 'Right-Pass-1' });
    const attacker = clientAddress();
    const answers = [];
    for (let i = 0; i < ctx.config.SIGNIN_FAILURES_PER_ACCOUNT + 3; i++)
      answers.push((await adminLogin(admin.email!, `wrong-${i}`, attacker)).statusCode);
    expect(answers.filter((status) => status === 401)).toHaveLength(ctx.config.SIGNIN_FAILURES_PER_ACCOUNT);
    expect(answers.slice(-3)).toEqual([429, 429, 429]);
    expect((await adminLogin(admin.email!, 'Right-Pass-1', attacker)).statusCode).toBe(429);

    expect((await adminLogin(admin.email!, 'Right-Pass-1')).statusCode).toBe(200);
  });

  it('locks an account flooded from many addresses, except in a browser it signed in from; a new password lifts it', async () => {
    const member = await createMember(ctx.db, { password: 'Member-Pass-1' });
    const email = member.email!;
    const home = clientAddress();
    const first = await emailLogin(email, 'Member-Pass-1', home);
    expect(first.statusCode).toBe(200);
    const device = deviceCookieOf(first);

    const flood = await Promise.all(Array.from({ length: 60 }, () => emailLogin(email, 'Wrong-Pass-1')));
    expect(flood.filter((res) => res.statusCode === 401)).toHaveLength(ctx.config.SIGNIN_FAILURES_PER_ACCOUNT_ALL);
    const refused = flood.find((res) => res.statusCode === 429)!;
    expect(refused.json().message).toBe(serverError.tooManySignins);

    // A browser that never signed in is refused even the right password, from anywhere.
    expect((await emailLogin(email, 'Member-Pass-1')).statusCode).toBe(429);
    // The owner's browser gets in, from its usual address and from a new one.
    expect((await emailLogin(email, 'Member-Pass-1', home, device)).statusCode).toBe(200);
    expect((await emailLogin(email, 'Member-Pass-1', clientAddress(), device)).statusCode).toBe(200);
    // Another account's cookie does not help.
    const other = await createMember(ctx.db, { password: 'Other-Pass-1' });
    const otherDevice = deviceCookieOf(await emailLogin(other.email!, 'Other-Pass-1'));
    expect((await emailLogin(email, 'Member-Pass-1', clientAddress(), otherDevice)).statusCode).toBe(429);

    // The owner resets the password by mail; the account's lock goes with the old password.
    const reset = (payload: object) =>
      ctx.app.inject({ method: 'POST', url: v1(api.forgotPassword), remoteAddress: clientAddress(), payload });
    expect((await reset({ stage: 1, email })).statusCode).toBe(200);
    const otp = await lastCode(ctx, email);
    const changed = await reset({ stage: 3, email, otp, password: 'MemberPass2', confirmPassword: 'MemberPass2' });
    expect(changed.statusCode).toBe(200);
    expect((await emailLogin(email, 'MemberPass2')).statusCode).toBe(200);
  });

  it('remembers a browser once per account, not once per sign-in', async () => {
    const admin = await createAdmin(ctx.db, { password: 'Right-Pass-1' });
    const first = await adminLogin(admin.email!, 'Right-Pass-1');
    const device = deviceCookieOf(first);
    const again = await adminLogin(admin.email!, 'Right-Pass-1', clientAddress(), device);
    expect(again.statusCode).toBe(200);
    expect(again.cookies.find((c) => c.name === 'doorstep_device')).toBeUndefined();
    const cookie = first.cookies.find((c) => c.name === 'doorstep_device')!;
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: api.prefix });
  });
});

describe('phone sign-in under attack', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext();
  });
  afterAll(() => ctx.close());

  const post = (path: string, payload: object, cookie?: string) =>
    ctx.app.inject({
      method: 'POST',
      url: v1(path),
      remoteAddress: clientAddress(),
      headers: cookie ? { cookie } : {},
      payload,
    });

  it("strangers' wrong codes lock phone sign-in for a day, but not in the member's own browser", async () => {
    const member = await createMember(ctx.db);
    const phone = member.phone!;
    expect((await post(api.sendLoginOtp, { mobile: phone })).statusCode).toBe(200);
    const first = await post(api.memberLogin, { phone, otp: await lastCode(ctx, phone) });
    expect(first.statusCode).toBe(200);
    const device = deviceCookieOf(first);

    // Anonymous requests: ask for codes and send wrong ones until the account's day cap.
    for (let round = 0; round < 3; round++) {
      expect((await post(api.sendLoginOtp, { mobile: phone })).statusCode).toBe(200);
      const right = await lastCode(ctx, phone);
      const wrong = right === '000000' ? '111111' : '000000';
      for (let i = 0; i < 4; i++) await post(api.memberLogin, { phone, otp: wrong });
    }

    expect((await post(api.sendLoginOtp, { mobile: phone })).statusCode).toBe(200);
    const code = await lastCode(ctx, phone);
    const stranger = await post(api.memberLogin, { phone, otp: code });
    expect(stranger.statusCode).toBe(429);
    expect(stranger.json().message).toBe(serverError.tooManyWrongCodes);
    expect((await post(api.memberLogin, { phone, otp: code }, device)).statusCode).toBe(200);
  });
});

describe('text budgets', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext({ SMS_PER_HOUR: '50', SMS_PER_BLOCK_PER_HOUR: '10', SMS_PER_AREA_PER_HOUR: '12' });
  });
  afterAll(() => ctx.close());

  const post = (path: string, payload: object, remoteAddress: string) =>
    ctx.app.inject({ method: 'POST', url: v1(path), remoteAddress, payload });

  it("2,000 login-code requests for numbers without an account, 40 times the hour's budget, leave real members' codes flowing", async () => {
    const addresses = Array.from({ length: 100 }, () => clientAddress());
    const statuses: number[] = [];
    for (let batch = 0; batch < 40; batch++) {
      const answers = await Promise.all(
        Array.from({ length: 50 }, (_, i) =>
          post(api.sendLoginOtp, { mobile: uniquePhone() }, addresses[(batch * 50 + i) % addresses.length]!),
        ),
      );
      statuses.push(...answers.map((res) => res.statusCode));
    }
    expect(statuses.filter((status) => status === 200)).toHaveLength(2000);

    const members = await Promise.all(Array.from({ length: 5 }, () => createMember(ctx.db)));
    for (const member of members) {
      expect((await post(api.sendLoginOtp, { mobile: member.phone! }, clientAddress())).statusCode).toBe(200);
      expect(await lastCode(ctx, member.phone!)).toMatch(/^\d{6}$/);
    }
    // 2,000 requests: about 15 s on PGlite alone, past 30 s on a busy machine.
  }, 90_000);

  it('caps the texts to one block of 10,000 numbers, so numbers picked in sequence cannot spend the budget', async () => {
    const block = `7${String(Date.now() % 100_000).padStart(5, '0')}`;
    const signup = (phone: string) =>
      post(api.memberSignup, { name: 'Block', email: `${phone}@example.com`, phone }, clientAddress());
    const answers = [];
    for (let i = 0; i < 15; i++) answers.push(await signup(`${block}${String(i).padStart(4, '0')}`));
    expect(answers.filter((res) => res.statusCode === 200)).toHaveLength(10);
    expect(answers.at(-1)!.json().message).toBe(serverError.tooManyCodes);
    const [texts] = await ctx.db
      .select({ n: count() })
      .from(outbox)
      .where(and(eq(outbox.channel, 'sms'), like(outbox.to, `${block}%`)));
    expect(texts!.n).toBe(10);

    expect((await signup(`8${block.slice(1)}0000`)).statusCode).toBe(200);
  });

  it('caps the texts to one area code, so numbers picked at random in it cannot spend the budget', async () => {
    const area = String(400 + (Date.now() % 500));
    const signup = (phone: string) =>
      post(api.memberSignup, { name: 'Area', email: `${phone}@example.com`, phone }, clientAddress());
    const sentTo = async (prefix: string) =>
      (
        await ctx.db
          .select({ n: count() })
          .from(outbox)
          .where(and(eq(outbox.channel, 'sms'), like(outbox.to, `${prefix}%`)))
      )[0]!.n;
    // One number in each of 15 blocks of the area: no block cap applies, the area's does.
    const answers = [];
    for (let i = 0; i < 15; i++) answers.push(await signup(`${area}${String(100 + i)}0000`));
    expect(answers.filter((res) => res.statusCode === 200)).toHaveLength(12);
    expect(await sentTo(area)).toBe(12);
    expect((await signup(`${Number(area) + 1}1000000`)).statusCode).toBe(200);
  });

  it('texts no code to a number no text can reach, so junk numbers spend nothing', async () => {
    // Nine digits: no number of the country we text.
    const phone = String(Date.now()).slice(-9);
    const answer = await post(api.memberSignup, { name: 'Far', email: `${phone}@example.com`, phone }, clientAddress());
    expect(answer.json()).toEqual({ status: 1, message: notice.otpSendSuccessfully });
    await expect(lastCode(ctx, phone)).rejects.toThrow('no code was sent');
  });
});
