// The provider portal's profile, schedule and earnings, and onboarding from sign-up to listed.
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { daysOff, providerProfiles, workingHours } from '../../db/schema.js';
import { bearer, lastCode, withApp } from '../../test/harness.js';
import {
  bookingOf,
  createAdmin,
  createCategory,
  createMember,
  createProvider,
  signIn,
  uniquePhone,
} from '../../test/factories.js';
import { dayjs, dayIn } from '../../test/days.js';

const newYork = 'America/New_York';
const ctx = withApp();

const call = (method: 'GET' | 'PUT' | 'POST' | 'DELETE', url: string, token: string | null, payload?: unknown) =>
  ctx.app.inject({
    method,
    url,
    headers: token ? bearer(token) : {},
    ...(payload === undefined ? {} : { payload: payload as object }),
  });

async function newProvider(status: '0' | '1' = '0') {
  const user = await createMember(ctx.db, { role: 'provider', status });
  return { ...user, token: await signIn(ctx.db, user.id) };
}

describe('onboarding: sign-up, profile, approval', () => {
  it('a provider signs up on /signup, completes the profile, stays unlisted while Deactive and is listed once Active', async () => {
    const cleaning = await createCategory(ctx.db, { title: 'Cleaning' });
    const phone = uniquePhone();
    const email = `pro${phone}@example.com`;
    const register = await call('POST', '/v1/auth/register', null, {
      first_name: 'Nina',
      last_name: 'Onboard',
      email,
      mobile_no: phone,
      password: 'Secret123',
      password_again: 'Secret123',
      country_code: '+1',
      role: 'provider',
      terms: true,
    });
    expect(register.statusCode).toBe(200);
    expect(
      (await call('POST', '/v1/auth/verify-email', null, { email, otpNumber: await lastCode(ctx, email) })).statusCode,
    ).toBe(200);
    // The email signs the provider in; the phone of the sign-up does too once a texted code proves it.
    const login = await call('POST', '/v1/auth/login', null, { email, password: 'Secret123' });
    expect(login.statusCode).toBe(200);
    const token = login.json().token as string;
    const providerId = login.json().data._id as string;
    expect((await call('POST', '/v1/auth/phone/send-code', token, {})).statusCode).toBe(200);
    const proven = await call('POST', '/v1/auth/phone/verify', token, { otp: await lastCode(ctx, phone) });
    expect(proven.statusCode).toBe(200);
    expect((await call('POST', '/v1/user/login/send-otp', null, { mobile: phone })).statusCode).toBe(200);
    const byPhone = await call('POST', '/v1/members/login', null, { phone, otp: await lastCode(ctx, phone) });
    expect(byPhone.json().data._id).toBe(providerId);

    const before = await call('GET', '/v1/provider/profile', token);
    expect(before.statusCode).toBe(200);
    expect(before.json().data).toMatchObject({
      name: 'Nina Onboard',
      status: '0',
      complete: false,
      listed: false,
      services: [],
      city: null,
      charges: null,
    });

    const saved = await call('PUT', '/v1/provider/profile', token, {
      services: [cleaning.id],
      charges: '49.50',
      city: 'nyc',
      address: '5 Pine St, New York, NY',
      about: 'Careful cleaning of small flats.',
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({
      message: 'Profile saved',
      data: {
        complete: true,
        listed: false,
        status: '0',
        charges: 4950,
        city: 'nyc',
        services: [cleaning.id],
        about: 'Careful cleaning of small flats.',
      },
    });
    const [profile] = await ctx.db.select().from(providerProfiles).where(eq(providerProfiles.userId, providerId));
    expect(profile!.timeZone).toBe('America/New_York');
    const search = async () =>
      (await call('GET', '/v1/services/search?text=Onboard', null)).json().data as { _id: string }[];
    expect(await search()).toEqual([]);
    expect(
      (await call('GET', `/v1/services/availableSlots/${providerId}?date=${dayIn(3, newYork)}`, null)).statusCode,
    ).toBe(404);

    const admin = await createAdmin(ctx.db);
    const activate = await call('POST', '/v1/services/updateUserStatus', await signIn(ctx.db, admin.id), {
      _id: providerId,
      status: 1,
    });
    expect(activate.statusCode).toBe(200);
    expect((await call('GET', '/v1/provider/profile', token)).json().data).toMatchObject({ status: '1', listed: true });
    expect((await search()).map((p) => p._id)).toEqual([providerId]);
    const card = (await call('GET', `/v1/services/serviceUserList/${cleaning.id}`, null)).json().data[0];
    expect(card.user_id).toMatchObject({ _id: providerId, charges: 4950, area: 'New York, NY' });
    // The provider itself reads its own street address.
    const own = (await call('GET', `/v1/services/serviceUserList/${cleaning.id}`, token)).json().data[0];
    expect(own.user_id).toMatchObject({ address: '5 Pine St, New York, NY', area: 'New York, NY' });
  });
});

describe('PUT /v1/provider/profile', () => {
  it('checks every field and refuses services that are unknown or archived', async () => {
    const p = await newProvider();
    const archived = await createCategory(ctx.db, { archived: true });
    const ok = await createCategory(ctx.db);
    const body = { services: [ok.id], charges: '20', city: 'austin', address: '1 Main St', about: 'Plumbing.' };
    const cases: [Record<string, unknown>, string, string][] = [
      [{ services: [] }, 'services', 'Please choose at least one service'],
      [{ charges: '' }, 'charges', 'Please enter your charges'],
      [{ charges: '12.345' }, 'charges', 'Please use at most 2 decimals'],
      [{ charges: 'ten' }, 'charges', 'Please enter the charges as a number'],
      [{ charges: '-5' }, 'charges', 'The charges must be from $0 to $100000'],
      [{ city: 'paris' }, 'city', 'Please choose your city'],
      [{ address: '  ' }, 'address', 'Please enter your address'],
      [{ about: '' }, 'about', 'Please describe your services'],
    ];
    for (const [change, field, message] of cases) {
      const res = await call('PUT', '/v1/provider/profile', p.token, { ...body, ...change });
      expect(res.statusCode, field).toBe(400);
      expect(res.json().errors[field], field).toBe(message);
    }
    for (const services of [[archived.id], ['00000000-0000-4000-8000-0000000000ee']]) {
      const res = await call('PUT', '/v1/provider/profile', p.token, { ...body, services });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe('One of the chosen services is not offered any more.');
    }
    expect((await call('GET', '/v1/provider/profile', p.token)).json().data.complete).toBe(false);
    // Saving again replaces the services.
    const other = await createCategory(ctx.db);
    await call('PUT', '/v1/provider/profile', p.token, body);
    const again = await call('PUT', '/v1/provider/profile', p.token, { ...body, services: [other.id], charges: 0 });
    expect(again.json().data).toMatchObject({ services: [other.id], charges: 0, complete: true });
  });

  it('is for providers only: 401 anonymous, 403 for customers and admins', async () => {
    const customer = await createMember(ctx.db);
    const admin = await createAdmin(ctx.db);
    for (const [method, url] of [
      ['GET', '/v1/provider/profile'],
      ['PUT', '/v1/provider/profile'],
      ['GET', '/v1/provider/schedule'],
      ['PUT', '/v1/provider/schedule'],
      ['POST', '/v1/provider/schedule/daysoff'],
      ['DELETE', `/v1/provider/schedule/daysoff/${dayIn(3, newYork)}`],
      ['GET', '/v1/provider/earnings'],
      ['GET', '/v1/provider/earnings/jobs'],
    ] as const) {
      expect(
        (await call(method, url, null, method === 'GET' || method === 'DELETE' ? undefined : {})).statusCode,
        url,
      ).toBe(401);
      expect(
        (
          await call(
            method,
            url,
            await signIn(ctx.db, customer.id),
            method === 'GET' || method === 'DELETE' ? undefined : {},
          )
        ).statusCode,
        url,
      ).toBe(403);
      expect(
        (
          await call(
            method,
            url,
            await signIn(ctx.db, admin.id),
            method === 'GET' || method === 'DELETE' ? undefined : {},
          )
        ).statusCode,
        url,
      ).toBe(403);
    }
  });
});

describe('schedule', () => {
  const week = (start: string, end: string, days = [1, 2, 3, 4, 5]) => days.map((weekday) => ({ weekday, start, end }));

  it('needs a profile first, then replaces the weekly hours, slot length and buffer: the free slots follow', async () => {
    const p = await newProvider('1');
    expect(
      (
        await call('PUT', '/v1/provider/schedule', p.token, {
          hours: week('09:00', '17:00'),
          slotMinutes: 60,
          bufferMinutes: 30,
        })
      ).statusCode,
    ).toBe(409);
    const fresh = (await call('GET', '/v1/provider/schedule', p.token)).json().data;
    expect(fresh).toMatchObject({ hours: [], slotMinutes: 60, bufferMinutes: 30, daysOff: [], defaultHours: true });

    const category = await createCategory(ctx.db);
    await call('PUT', '/v1/provider/profile', p.token, {
      services: [category.id],
      charges: 30,
      city: 'nyc',
      address: '1 Broadway',
      about: 'Painting.',
    });
    // A Wednesday at least three days ahead, so the 2-hour lead time does not matter.
    let date = dayIn(3, newYork);
    while (dayjs(date).day() !== 3) date = dayjs(date).add(1, 'day').format('YYYY-MM-DD');
    const saved = await call('PUT', '/v1/provider/schedule', p.token, {
      hours: [{ weekday: 3, start: '08:00', end: '12:00' }],
      slotMinutes: 90,
      bufferMinutes: 0,
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({
      message: 'Schedule saved',
      data: {
        hours: [{ weekday: 3, start: '08:00', end: '12:00' }],
        slotMinutes: 90,
        bufferMinutes: 0,
        defaultHours: false,
        timeZone: 'America/New_York',
      },
    });
    const slots = async (d: string) =>
      (await call('GET', `/v1/services/availableSlots/${p.id}?date=${d}`, null)).json().data;
    expect(await slots(date)).toEqual(['08:00', '09:30']);
    expect(await slots(dayjs(date).add(1, 'day').format('YYYY-MM-DD'))).toEqual([]);

    // The travel buffer around a booked job takes the neighbouring slot.
    await call('PUT', '/v1/provider/schedule', p.token, {
      hours: [{ weekday: 3, start: '08:00', end: '12:00' }],
      slotMinutes: 60,
      bufferMinutes: 30,
    });
    const customer = await createMember(ctx.db);
    await bookingOf(ctx.db, customer, p, { date, time: '09:00', timeZone: 'America/New_York' });
    expect(await slots(date)).toEqual(['11:00']);
    expect(await ctx.db.select().from(workingHours).where(eq(workingHours.providerId, p.id))).toHaveLength(1);
  });

  it('refuses hours that make no sense', async () => {
    const p = await newProvider();
    const category = await createCategory(ctx.db);
    await call('PUT', '/v1/provider/profile', p.token, {
      services: [category.id],
      charges: 30,
      city: 'austin',
      address: '1 Main',
      about: 'Carpentry.',
    });
    const cases: [unknown, string][] = [
      [
        { hours: [], slotMinutes: 60, bufferMinutes: 30 },
        'Please open at least one day a week; use days off for holidays.',
      ],
      [
        { hours: [{ weekday: 1, start: '12:00', end: '09:00' }], slotMinutes: 60, bufferMinutes: 30 },
        'The end must be after the start',
      ],
      [
        { hours: [{ weekday: 1, start: '9am', end: '17:00' }], slotMinutes: 60, bufferMinutes: 30 },
        'Please enter a time as HH:MM',
      ],
      [
        { hours: week('09:00', '17:00', [1, 1]), slotMinutes: 60, bufferMinutes: 30 },
        'Each weekday can have one interval.',
      ],
      [
        { hours: week('09:00', '17:00'), slotMinutes: 5, bufferMinutes: 30 },
        'The slot length must be 15 to 240 minutes',
      ],
      [
        { hours: week('09:00', '17:00'), slotMinutes: 60, bufferMinutes: -1 },
        'The travel buffer must be 0 to 240 minutes',
      ],
    ];
    for (const [body, message] of cases) {
      const res = await call('PUT', '/v1/provider/schedule', p.token, body);
      expect(res.statusCode, message).toBe(400);
      expect(res.json().message).toBe(message);
    }
  });

  it('adds and removes days off; a day off has no free slots; a past day is refused', async () => {
    const p = await createProvider(ctx.db, { city: 'austin' });
    const token = await signIn(ctx.db, p.id);
    const day = dayIn(4, 'America/Chicago');
    const added = await call('POST', '/v1/provider/schedule/daysoff', token, { day });
    expect(added.statusCode).toBe(200);
    expect(added.json()).toMatchObject({ message: 'Day off added', data: { daysOff: [day] } });
    expect((await call('POST', '/v1/provider/schedule/daysoff', token, { day })).json().data.daysOff).toEqual([day]);
    expect((await call('GET', `/v1/services/availableSlots/${p.id}?date=${day}`, null)).json().data).toEqual([]);

    const past = await call('POST', '/v1/provider/schedule/daysoff', token, { day: dayIn(-1, 'America/Chicago') });
    expect(past.statusCode).toBe(400);
    expect(past.json().message).toBe('Please choose today or a later date.');
    expect((await call('POST', '/v1/provider/schedule/daysoff', token, { day: '2026-02-30' })).statusCode).toBe(400);

    const removed = await call('DELETE', `/v1/provider/schedule/daysoff/${day}`, token);
    expect(removed.json()).toMatchObject({ message: 'Day off removed', data: { daysOff: [] } });
    expect(
      (await call('GET', `/v1/services/availableSlots/${p.id}?date=${day}`, null)).json().data.length,
    ).toBeGreaterThan(0);
    // Another provider's day off is not touched by this provider's remove.
    const other = await createProvider(ctx.db);
    await ctx.db.insert(daysOff).values({ providerId: other.id, day });
    await call('DELETE', `/v1/provider/schedule/daysoff/${day}`, token);
    expect(await ctx.db.select().from(daysOff).where(eq(daysOff.providerId, other.id))).toHaveLength(1);
  });
});

describe('earnings', () => {
  it('sums the completed jobs only, by month, newest first, and pages the jobs', async () => {
    const p = await createProvider(ctx.db);
    const other = await createProvider(ctx.db);
    const token = await signIn(ctx.db, p.id);
    const c = await createMember(ctx.db, { name: 'Earl Customer' });
    await bookingOf(ctx.db, c, p, { date: '2026-01-10', status: 'completed', chargesCents: 4500 });
    await bookingOf(ctx.db, c, p, { date: '2026-01-20', status: 'completed', chargesCents: 5050 });
    const latest = await bookingOf(ctx.db, c, p, { date: '2026-03-02', status: 'completed', chargesCents: 6000 });
    await bookingOf(ctx.db, c, p, { date: '2026-03-05', status: 'declined', chargesCents: 9900 });
    await bookingOf(ctx.db, c, p, { date: '2026-03-06', status: 'cancelled', chargesCents: 9900 });
    await bookingOf(ctx.db, c, other, { date: '2026-03-02', status: 'completed', chargesCents: 9900 });

    const res = await call('GET', '/v1/provider/earnings', token);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({
      jobs: 3,
      total: 15550,
      months: [
        { month: '2026-03', jobs: 1, total: 6000 },
        { month: '2026-01', jobs: 2, total: 9550 },
      ],
    });
    const jobs = (await call('GET', '/v1/provider/earnings/jobs?limit=2', token)).json();
    expect(jobs.meta).toEqual({ page: 1, limit: 2, total: 3 });
    expect(jobs.data[0]).toMatchObject({
      _id: latest.id,
      charges: 6000,
      status: 'completed',
      customer: { name: 'Earl Customer' },
    });
    expect((await call('GET', '/v1/provider/earnings/jobs?page=0', token)).statusCode).toBe(400);

    const empty = await newProvider();
    expect((await call('GET', '/v1/provider/earnings', empty.token)).json().data).toEqual({
      jobs: 0,
      total: 0,
      months: [],
    });
  });
});

describe.skipIf(!process.env.DATABASE_URL)('saves under concurrency (PostgreSQL)', () => {
  it('ten schedule saves and ten profile saves at once leave one whole set each', async () => {
    const p = await newProvider();
    const categories = await Promise.all([createCategory(ctx.db), createCategory(ctx.db), createCategory(ctx.db)]);
    await call('PUT', '/v1/provider/profile', p.token, {
      services: [categories[0]!.id],
      charges: 30,
      city: 'austin',
      address: '1 Main',
      about: 'Painting.',
    });
    const saves = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        call('PUT', '/v1/provider/schedule', p.token, {
          hours: Array.from({ length: 1 + (i % 7) }, (_, weekday) => ({ weekday, start: '09:00', end: '17:00' })),
          slotMinutes: 60,
          bufferMinutes: 30,
        }),
      ),
    );
    expect(saves.map((r) => r.statusCode)).toEqual(Array(10).fill(200));
    const rows = await ctx.db
      .select({ weekday: workingHours.weekday })
      .from(workingHours)
      .where(eq(workingHours.providerId, p.id));
    expect(new Set(rows.map((r) => r.weekday)).size).toBe(rows.length);
    const profiles = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        call('PUT', '/v1/provider/profile', p.token, {
          services: categories.slice(0, 1 + (i % 3)).map((c) => c.id),
          charges: 30,
          city: 'austin',
          address: '1 Main',
          about: 'Painting.',
        }),
      ),
    );
    expect(profiles.map((r) => r.statusCode)).toEqual(Array(10).fill(200));
  });
});

describe('OpenAPI', () => {
  it('describes the provider portal routes', async () => {
    const doc = (await call('GET', '/docs/json', null)).json();
    expect(doc.paths['/v1/provider/jobs'].get.tags).toEqual(['provider portal']);
    expect(doc.paths['/v1/provider/jobs/{id}/{action}'].post.security).toEqual([{ bearer: [] }]);
    expect(Object.keys(doc.paths['/v1/provider/profile']).sort()).toEqual(['get', 'put']);
    expect(Object.keys(doc.paths['/v1/provider/schedule']).sort()).toEqual(['get', 'put']);
    expect(doc.paths['/v1/provider/schedule/daysoff'].post).toBeDefined();
    expect(doc.paths['/v1/provider/schedule/daysoff/{day}'].delete).toBeDefined();
    expect(doc.paths['/v1/provider/earnings'].get).toBeDefined();
    expect(doc.paths['/v1/provider/earnings/jobs'].get).toBeDefined();
  });
});
