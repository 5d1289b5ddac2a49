// Referrals end to end: a member's code and link, sign-ups through
// /members/signup and /auth/register with `ref` recording who referred whom, and the count the
// member sees on GET /members/referral.
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { referrals } from '../../db/schema.js';
import { createAdmin, createMember, signIn, uniquePhone } from '../../test/factories.js';
import { bearer, injectAs, lastCode, withApp } from '../../test/harness.js';

const ctx = withApp();

const mine = (token: string | null) =>
  ctx.app.inject({ method: 'GET', url: '/v1/members/referral', headers: token ? bearer(token) : {} });
const { post } = injectAs(() => ctx);

describe('GET /members/referral', () => {
  it('answers the caller’s code and how many joined with it; 401 and 403 for others', async () => {
    const member = await createMember(ctx.db);
    const token = await signIn(ctx.db, member.id);
    expect((await mine(token)).json()).toEqual({ status: 1, data: { code: member.referralCode, joined: 0 } });
    expect((await mine(null)).statusCode).toBe(401);
    expect((await mine(await signIn(ctx.db, (await createAdmin(ctx.db)).id))).statusCode).toBe(403);
  });

  it('a phone sign-up and an email sign-up with ?ref= are recorded and counted; a wrong code records nothing', async () => {
    const referrer = await createMember(ctx.db);
    const token = await signIn(ctx.db, referrer.id);

    // /usersignup?ref=CODE sends the code with the registration (any case).
    const phone = uniquePhone();
    expect(
      (
        await post('/v1/members/signup', {
          name: 'Rita Ref',
          email: `rita${phone}@example.com`,
          phone,
          ref: referrer.referralCode.toLowerCase(),
        })
      ).statusCode,
    ).toBe(200);
    expect(
      (await post('/v1/auth/verify-otp', { mobile: phone, otp: await lastCode(ctx, phone), flag: 'register' }))
        .statusCode,
    ).toBe(200);

    // /signup?ref=CODE: the email account form.
    const email = `sam${uniquePhone()}@example.com`;
    const register = await post('/v1/auth/register', {
      first_name: 'Sam',
      last_name: 'Ref',
      email,
      mobile_no: uniquePhone(),
      password: 'Secret123',
      password_again: 'Secret123',
      role: 'customer',
      terms: true,
      ref: referrer.referralCode,
    });
    expect(register.statusCode).toBe(200);

    const unknownPhone = uniquePhone();
    await post('/v1/members/signup', {
      name: 'No Ref',
      email: `none${unknownPhone}@example.com`,
      phone: unknownPhone,
      ref: 'NOSUCHCODE',
    });

    expect((await mine(token)).json().data).toEqual({ code: referrer.referralCode, joined: 2 });
    const rows = await ctx.db
      .select({ userId: referrals.userId })
      .from(referrals)
      .where(eq(referrals.referredBy, referrer.id));
    expect(rows).toHaveLength(2);
  });
});
