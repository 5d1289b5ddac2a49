// GET /v1/admin/vendors/:id: one provider for /vendorDetail, whatever its status.
import { beforeAll, describe, expect, it } from 'vitest';
import {
  createAdmin,
  createBooking,
  createCategory,
  createMember,
  createProvider,
  createRating,
  setWorkingHours,
  signIn,
} from '../../test/factories.js';
import { expectFailure, expectRefused, expectSuccess, injectAs, withApp } from '../../test/harness.js';

const ctx = withApp();
let adminToken: string;
let memberToken: string;
let customerId: string;

const { get } = injectAs(
  () => ctx,
  () => adminToken,
);

beforeAll(async () => {
  const admin = await createAdmin(ctx.db);
  adminToken = await signIn(ctx.db, admin.id);
  const customer = await createMember(ctx.db, { name: 'Alice Adams' });
  customerId = customer.id;
  memberToken = await signIn(ctx.db, customer.id);
});

describe('GET /v1/admin/vendors/:id', () => {
  it('shows a Deactive provider with profile, services (archived marked), hours and visible-rating figures', async () => {
    const plumbing = await createCategory(ctx.db, { title: 'Plumbing' });
    const old = await createCategory(ctx.db, { title: 'Appliance Repair', archived: true });
    const provider = await createProvider(ctx.db, {
      name: 'Kevin Walsh',
      email: 'kevin@example.test',
      phone: '2145550159',
      status: '0',
      city: 'dallas',
      chargesCents: 7000,
      address: '7719 Lake June Rd, Dallas, TX',
      about: 'Journeyman plumber.',
      categoryIds: [plumbing.id, old.id],
    });
    await setWorkingHours(ctx.db, provider.id, [
      { weekday: 2, startMinute: 13 * 60, endMinute: 17 * 60 },
      { weekday: 1, startMinute: 8 * 60, endMinute: 12 * 60 },
    ]);
    for (const [count, hidden] of [
      [4, false],
      [2, false],
      [1, true],
    ] as const) {
      const booking = await createBooking(ctx.db, { customerId, providerId: provider.id, status: 'completed' });
      await createRating(ctx.db, { bookingId: booking.id, rateBy: customerId, rateTo: provider.id, count, hidden });
    }
    const res = await get(`/v1/admin/vendors/${provider.id}`);
    expectSuccess(
      res,
      {
        data: {
          _id: provider.id,
          name: 'Kevin Walsh',
          email: 'kevin@example.test',
          phone: '2145550159',
          image: null,
          about: 'Journeyman plumber.',
          status: '0',
          isBlocked: false,
          createdAt: provider.createdAt.toISOString(),
          profile: {
            city: 'dallas',
            address: '7719 Lake June Rd, Dallas, TX',
            timeZone: 'America/Chicago',
            charges: 7000,
            slotMinutes: 60,
            bufferMinutes: 30,
            radiusKm: 25,
            rating: 3,
            reviewCount: 2,
          },
          services: [
            { _id: old.id, title: 'Appliance Repair', archived: true },
            { _id: plumbing.id, title: 'Plumbing', archived: false },
          ],
          workingHours: [
            { weekday: 1, startMinute: 480, endMinute: 720 },
            { weekday: 2, startMinute: 780, endMinute: 1020 },
          ],
        },
      },
      res.body,
    );
  });

  it('answers 404 for an unknown id and for a customer’s id; 400 for a malformed id', async () => {
    for (const id of ['00000000-0000-4000-8000-00000000abcd', customerId]) {
      const res = await get(`/v1/admin/vendors/${id}`);
      expectFailure(res, 404, { code: 'not_found', message: 'This provider was not found.' }, id);
    }
    const bad = await get('/v1/admin/vendors/kevin');
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ status: 0, message: 'Please send a valid provider id.' });
  });

  it('refuses anonymous callers (401) and members (403)', async () => {
    const provider = await createProvider(ctx.db);
    expect((await get(`/v1/admin/vendors/${provider.id}`, null)).statusCode).toBe(401);
    const member = await get(`/v1/admin/vendors/${provider.id}`, memberToken);
    expectRefused(member, 403);
  });

  it('still answers /vendors/export as the list’s export, not as an id', async () => {
    const res = await get('/v1/admin/vendors/export');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/spreadsheetml/);
  });
});
