// A provider's service area: GET /v1/providers/{id}/serves answers whether an address is in it,
// and booking (a member's or an administrator's) refuses an address outside it or one we cannot
// place, at the address field, writing nothing. Rescheduling keeps the address, unchecked.
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { bookingText } from '../../../contract/messages.js';
import { radius } from '../../../contract/format.js';
import { bookings } from '../../db/schema.js';
import { fingerprint, publicTables } from '../../test/attack.js';
import { expectFailure, injectAs, withApp } from '../../test/harness.js';
import { bookingOf, createAdmin, createMember, createProvider, signIn } from '../../test/factories.js';
import { dayIn } from '../../test/days.js';

const ctx = withApp();
const { get, post } = injectAs(() => ctx);

/** Based in Austin's 78702 (East Cesar Chavez), travelling 25 km; the same base with 10 km. */
const base = '1807 E Cesar Chavez St, Austin, TX 78702';
let dana: { id: string };
let nearby: { id: string };
let customer: { id: string; token: string };
let adminToken: string;

const inside = '12 Rainey St, Austin, TX 78701';
/** 17.7 km from the base: inside 25 km, outside 10. */
const circleC = 'Circle C Ranch, Austin, TX';
const dallas = 'Deep Ellum, Dallas, TX';
const boston = '5 Main St, Boston, MA 02108';
const nowhere = '5 Nowhere Lane';

beforeAll(async () => {
  dana = await createProvider(ctx.db, { name: 'Dana Provider', address: base });
  nearby = await createProvider(ctx.db, { name: 'Nico Nearby', address: base, radiusKm: 10 });
  const member = await createMember(ctx.db, { name: 'Cora Customer' });
  customer = { id: member.id, token: await signIn(ctx.db, member.id) };
  const admin = await createAdmin(ctx.db);
  adminToken = await signIn(ctx.db, admin.id);
});

const serves = (providerId: string, address: string) =>
  get(`/v1/providers/${providerId}/serves?address=${encodeURIComponent(address)}`);

describe('GET /v1/providers/{id}/serves', () => {
  it('answers anyone whether an address is in the area: the distance, the provider’s area and radius', async () => {
    const res = await serves(dana.id, inside);
    expect(res.statusCode, res.body).toBe(200);
    // Rainey St is not in the gazetteer: placed by its ZIP code, approximately.
    expect(res.json()).toEqual({
      status: 1,
      data: { serves: true, km: 2.7, area: 'Austin, TX 78702', radiusKm: 25, approximate: true },
    });
    // Signed in, the same.
    const signed = await get(`/v1/providers/${dana.id}/serves?address=${encodeURIComponent(inside)}`, customer.token);
    expect(signed.json()).toEqual(res.json());
  });

  it('measures against each provider’s own radius', async () => {
    expect((await serves(dana.id, circleC)).json().data).toEqual({
      serves: true,
      km: 17.7,
      area: 'Austin, TX 78702',
      radiusKm: 25,
      approximate: false,
    });
    expect((await serves(nearby.id, circleC)).json().data).toEqual({
      serves: false,
      km: 17.7,
      area: 'Austin, TX 78702',
      radiusKm: 10,
      approximate: false,
    });
  });

  it('places an address in another served city by its own point, far outside', async () => {
    const { data } = (await serves(dana.id, dallas)).json();
    expect(data).toMatchObject({ serves: false, area: 'Austin, TX 78702', radiusKm: 25 });
    expect(data.km).toBeGreaterThan(250);
  });

  it('does not serve an address it cannot place: nothing known, or in a city we do not serve', async () => {
    for (const address of [nowhere, boston, '1 Main St', 'Dallas, GA']) {
      const res = await serves(dana.id, address);
      expect(res.json().data, address).toEqual({
        serves: false,
        km: null,
        area: 'Austin, TX 78702',
        radiusKm: 25,
        approximate: false,
      });
    }
  });

  it('reads a street typed without its city in the customer’s city, else the provider’s', async () => {
    const dallasPro = await createProvider(ctx.db, { city: 'dallas', address: 'Live Oak St, Dallas, TX 75204' });
    const swiss = (city = '') =>
      get(`/v1/providers/${dallasPro.id}/serves?address=${encodeURIComponent('4512 Swiss Ave')}${city}`);
    const placed = { serves: true, km: 0, area: 'Dallas, TX 75204', radiusKm: 25, approximate: false };
    expect((await swiss('&city=dallas')).json().data).toEqual(placed);
    expect((await swiss()).json().data).toEqual(placed);
    // Looking in Austin, which has no Swiss Ave: then the provider's Dallas.
    expect((await swiss('&city=austin')).json().data).toEqual(placed);
    // An Austin provider is asked about a street of Dallas only when the customer looks there.
    expect((await serves(dana.id, '4512 Swiss Ave')).json().data).toMatchObject({ serves: false, km: null });
    const fromDallas = await get(`/v1/providers/${dana.id}/serves?address=4512%20Swiss%20Ave&city=dallas`);
    expect(fromDallas.json().data).toMatchObject({ serves: false, approximate: false });
    expect(fromDallas.json().data.km).toBeGreaterThan(250);
    expect((await get(`/v1/providers/${dana.id}/serves?address=x&city=paris`)).statusCode).toBe(400);
  });

  it('places an unknown street by the ZIP code of a served city, approximately', async () => {
    const res = await serves(dana.id, '9 Unlisted Ln, Austin, TX 78702');
    expect(res.json().data).toEqual({
      serves: true,
      km: 0,
      area: 'Austin, TX 78702',
      radiusKm: 25,
      approximate: true,
    });
  });

  it('never answers the provider’s street', async () => {
    expect((await serves(dana.id, inside)).body).not.toMatch(/Cesar|1807/);
  });

  it('refuses a missing address (400) and a provider customers cannot see (404)', async () => {
    const missing = await get(`/v1/providers/${dana.id}/serves?address=%20`);
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toMatchObject({ status: 0, errors: { address: 'Please enter your location' } });
    const inactive = await createProvider(ctx.db, { status: '0' });
    const hidden = await serves(inactive.id, inside);
    expect(hidden.statusCode).toBe(404);
    expect(hidden.json()).toMatchObject({ status: 0, message: 'This provider was not found.' });
    expect((await serves('not-a-uuid', inside)).statusCode).toBe(400);
  });
});

describe('booking at an address outside the service area', () => {
  let day = 10;
  /** A booking of the provider on a day of its own, by the customer or, with `asAdmin`, an admin for them. */
  const book = (providerId: string, address: string, asAdmin = false) =>
    post(
      '/v1/services/addbooking',
      {
        bookedby: customer.id,
        bookedto: providerId,
        date: dayIn(day++),
        time: '10:00',
        phone: '5125550123',
        address,
        description: 'Fix the tap.',
      },
      asAdmin ? adminToken : customer.token,
    );

  /** Sends the booking and expects it refused at the address with `message`, no table changed. */
  async function expectRefused(providerId: string, address: string, message: string, asAdmin = false) {
    const tables = await publicTables(ctx.db);
    const before = await fingerprint(ctx.db, tables);
    const res = await book(providerId, address, asAdmin);
    expectFailure(res, 400, { code: 'outside_area', message, errors: { address: message } }, res.body);
    expect(await fingerprint(ctx.db, tables)).toEqual(before);
  }

  const outside = (provider: string, radiusKm: number) =>
    bookingText.outsideServiceArea(provider, radius(radiusKm), 'Austin, TX 78702');

  it('books an address inside the area', async () => {
    const res = await book(dana.id, inside);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.address).toBe(inside);
  });

  it('refuses one farther than the provider’s radius, with the provider’s area in the message', async () => {
    expect(outside('Nico Nearby', 10)).toBe(
      'This address is outside Nico Nearby’s service area (within 6 mi of Austin, TX 78702).',
    );
    await expectRefused(nearby.id, circleC, outside('Nico Nearby', 10));
    // The same address is inside the larger area.
    expect((await book(dana.id, circleC)).statusCode).toBe(200);
  });

  it('books a house number on a known street, read in the customer’s city', async () => {
    const dallasPro = await createProvider(ctx.db, { city: 'dallas', address: 'Live Oak St, Dallas, TX 75204' });
    const res = await post(
      '/v1/services/addbooking',
      {
        bookedby: customer.id,
        bookedto: dallasPro.id,
        date: dayIn(day++),
        time: '10:00',
        phone: '5125550123',
        address: '4512 Swiss Ave',
        description: 'Fix the tap.',
        city: 'dallas',
      },
      customer.token,
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.address).toBe('4512 Swiss Ave');
    // Without the city, the provider's: the same.
    expect((await book(dallasPro.id, '4512 Swiss Ave')).statusCode).toBe(200);
  });

  it('refuses one in another served city', async () => {
    await expectRefused(dana.id, dallas, outside('Dana Provider', 25));
  });

  it('refuses one it cannot place rather than taking a city centre: unknown, or in another city', async () => {
    const unknown =
      'We could not find this address in Austin, Dallas or New York. Please choose one from the suggestions.';
    expect(bookingText.addressNotFound).toBe(unknown);
    await expectRefused(dana.id, nowhere, unknown);
    await expectRefused(dana.id, boston, unknown);
  });

  it('holds for an administrator booking for a customer too', async () => {
    await expectRefused(nearby.id, circleC, outside('Nico Nearby', 10), true);
    await expectRefused(dana.id, boston, bookingText.addressNotFound, true);
    const res = await book(dana.id, inside, true);
    expect(res.statusCode, res.body).toBe(200);
    const [row] = await ctx.db
      .select({ customerId: bookings.customerId, address: bookings.address })
      .from(bookings)
      .where(eq(bookings.id, res.json().data._id));
    expect(row).toEqual({ customerId: customer.id, address: inside });
  });

  it('leaves rescheduling alone: a booking keeps its address', async () => {
    // A booking made before the rule, at an address the provider no longer serves.
    const old = await bookingOf(ctx.db, customer, nearby, { date: dayIn(40), address: circleC });
    const res = await post(
      '/v1/services/reschedulebooking',
      { id: old.id, date: dayIn(41), time: '11:00' },
      customer.token,
    );
    expect(res.statusCode, res.body).toBe(200);
    const [row] = await ctx.db.select({ address: bookings.address }).from(bookings).where(eq(bookings.id, old.id));
    expect(row?.address).toBe(circleC);
  });
});
