// A phone's country code: +1 (the US, where every city served is) unless the member gave
// another, on every way an account is made; and the accounts the old +91 default mislabelled.
import fs from 'node:fs';
import path from 'node:path';
import { eq, inArray, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { migrationsFolder } from '../../db/client.js';
import { users } from '../../db/schema.js';
import { createAdmin, createMember, signIn, uniquePhone } from '../../test/factories.js';
import { injectAs, lastCode, withApp } from '../../test/harness.js';

const ctx = withApp();
let adminToken: string;
beforeAll(async () => {
  adminToken = await signIn(ctx.db, (await createAdmin(ctx.db)).id);
});

const { get, post } = injectAs(() => ctx);

async function countryOf(phone: string) {
  const [row] = await ctx.db.select({ countryCode: users.countryCode }).from(users).where(eq(users.phone, phone));
  return row?.countryCode;
}

const emailSignup = (phone: string, extra: Record<string, unknown> = {}) =>
  post('/v1/auth/register', {
    first_name: 'Dana',
    last_name: 'Reyes',
    email: `dana${phone}@example.com`,
    mobile_no: phone,
    password: 'Secret123',
    password_again: 'Secret123',
    terms: true,
    ...extra,
  });

describe('the country code of a new account', () => {
  it('is +1 for a phone sign-up, and the profile read answers it', async () => {
    const phone = uniquePhone();
    const signup = await post('/v1/members/signup', { name: 'Dallas Customer', email: `d${phone}@example.com`, phone });
    expect(signup.statusCode).toBe(200);
    const verify = await post('/v1/auth/verify-otp', { mobile: phone, otp: await lastCode(ctx, phone) });
    expect(verify.statusCode).toBe(200);
    expect(await countryOf(phone)).toBe('+1');

    const [member] = await ctx.db.select({ id: users.id }).from(users).where(eq(users.phone, phone));
    const profile = await get(`/v1/members/getmemberlisting/${member!.id}`, await signIn(ctx.db, member!.id));
    expect(profile.json().data).toMatchObject({ phone, country_code: '+1' });
  });

  it('is +1 for an email sign-up without one, customer or provider, and the one given otherwise', async () => {
    const customer = uniquePhone();
    const provider = uniquePhone();
    const british = uniquePhone();
    expect((await emailSignup(customer, { role: 'customer' })).statusCode).toBe(200);
    expect((await emailSignup(provider, { role: 'provider' })).statusCode).toBe(200);
    expect((await emailSignup(british, { country_code: '+44' })).statusCode).toBe(200);
    expect(await countryOf(customer)).toBe('+1');
    expect(await countryOf(provider)).toBe('+1');
    expect(await countryOf(british)).toBe('+44');
  });

  it('is +1 for a contractor an admin adds', async () => {
    const phone = uniquePhone();
    const vendor = { UserName: 'Dallas Drains', phone, email: `drains${phone}@example.com` };
    const res = await post('/v1/users/adminAddVendor', vendor, adminToken);
    expect(res.statusCode).toBe(200);
    expect(await countryOf(phone)).toBe('+1');
  });
});

describe('migration 0022_us_country_code', () => {
  it('gives +1 to ten-digit numbers the old default called +91, and leaves every other as it is', async () => {
    // As the old column default wrote them: +91 whatever the number.
    const mislabelled = await createMember(ctx.db, { phone: '2145550123', countryCode: '+91' });
    const short = await createMember(ctx.db, { phone: '987654321', countryCode: '+91' });
    const british = await createMember(ctx.db, { phone: '7700900123', countryCode: '+44' });
    const ids = [mislabelled.id, short.id, british.id];

    const file = fs.readFileSync(path.join(migrationsFolder, '0022_us_country_code.sql'), 'utf8');
    for (const statement of file.split('--> statement-breakpoint')) await ctx.db.execute(sql.raw(statement));

    const rows = await ctx.db
      .select({ id: users.id, countryCode: users.countryCode })
      .from(users)
      .where(inArray(users.id, ids));
    expect(Object.fromEntries(rows.map((row) => [row.id, row.countryCode]))).toEqual({
      [mislabelled.id]: '+1',
      [short.id]: '+91',
      [british.id]: '+44',
    });
  });
});
