// The admin's bookings: the list (/bookinglist and a provider's on /vendorDetail) with its export,
// and the Create Booking modal's call, POST /v1/services/addbooking with an admin token: the same
// booking path as a member's, so the same slot rules.
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { noticeDate } from '../../../contract/format.js';
import { bookings, notifications } from '../../db/schema.js';
import { bookingOf, createAdmin, createMember, createProvider, signIn } from '../../test/factories.js';
import { expectAdminOnly, expectFailure, expectRefused, injectAs, withApp } from '../../test/harness.js';
import { dayIn } from '../../test/days.js';
import { exportedSheet } from '../../test/xlsx.js';

const slotTaken = 'This time is no longer available. Please choose another time.';

const ctx = withApp();
let admin: Awaited<ReturnType<typeof createAdmin>>;
let adminToken: string;
let memberToken: string;
let alice: Awaited<ReturnType<typeof createMember>>;
let bob: Awaited<ReturnType<typeof createMember>>;
let paula: Awaited<ReturnType<typeof createProvider>>;
let carl: Awaited<ReturnType<typeof createProvider>>;

const { get, post } = injectAs(
  () => ctx,
  () => adminToken,
);
const names = (body: { data: { bookedby: { name: string }; bookedto: { name: string } }[] }) =>
  body.data.map((row) => `${row.bookedby.name} → ${row.bookedto.name}`);

beforeAll(async () => {
  admin = await createAdmin(ctx.db);
  adminToken = await signIn(ctx.db, admin.id);
  alice = await createMember(ctx.db, { name: 'Alice Adams', phone: '5125550101' });
  bob = await createMember(ctx.db, { name: 'Bob Brown', phone: '5125550102' });
  memberToken = await signIn(ctx.db, alice.id);
  paula = await createProvider(ctx.db, { name: 'Paula Plumber' });
  carl = await createProvider(ctx.db, { name: 'Carl Carpenter' });
  // Made a day apart, oldest first; the job dates run the other way.
  const made = (day: number) => new Date(Date.UTC(2026, 0, day));
  await bookingOf(ctx.db, alice, paula, {
    date: '2026-12-03',
    time: '09:00',
    address: '1 Elm St, Austin',
    phone: '5125550111',
    createdAt: made(1),
  });
  await bookingOf(ctx.db, bob, paula, {
    date: '2026-12-01',
    time: '15:00',
    address: '2 Oak Ave, Austin',
    phone: '5125550122',
    status: 'completed',
    createdAt: made(2),
  });
  await bookingOf(ctx.db, alice, carl, {
    date: '2026-12-01',
    time: '10:00',
    address: '3 Pine Rd, Dallas',
    phone: '2145550133',
    status: 'cancelled',
    createdAt: made(3),
  });
});

describe('GET /v1/admin/bookings', () => {
  it('refuses an anonymous caller with 401 and a member with 403, for the page and the export', async () => {
    for (const path of ['/v1/admin/bookings', '/v1/admin/bookings/export']) {
      await expectAdminOnly((token) => get(path, token), memberToken, path);
    }
  });

  it('lists every booking, newest made first, with both parties, the date, time, address, phone and status', async () => {
    const res = await get('/v1/admin/bookings');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.meta).toEqual({ page: 1, limit: 20, total: 3 });
    expect(names(body)).toEqual([
      'Alice Adams → Carl Carpenter',
      'Bob Brown → Paula Plumber',
      'Alice Adams → Paula Plumber',
    ]);
    expect(body.data[0]).toMatchObject({
      date: '2026-12-01',
      time: '10:00',
      timeZone: 'America/Chicago',
      status: 'cancelled',
      address: '3 Pine Rd, Dallas',
      phone: '2145550133',
      bookedby: { _id: alice.id, name: 'Alice Adams' },
      bookedto: { _id: carl.id, name: 'Carl Carpenter' },
      byAdmin: false,
    });
  });

  it('searches customer and provider names, the address and the phone', async () => {
    const search = async (q: string) => names((await get(`/v1/admin/bookings?q=${encodeURIComponent(q)}`)).json());
    expect(await search('bob')).toEqual(['Bob Brown → Paula Plumber']);
    expect(await search('CARPENTER')).toEqual(['Alice Adams → Carl Carpenter']);
    expect(await search('oak ave')).toEqual(['Bob Brown → Paula Plumber']);
    expect(await search('214555')).toEqual(['Alice Adams → Carl Carpenter']);
    const none = (await get('/v1/admin/bookings?q=nobody')).json();
    expect(none).toEqual({ status: 1, data: [], meta: { page: 1, limit: 20, total: 0 } });
  });

  it('sorts by the job’s date and time, by customer and by provider', async () => {
    expect(names((await get('/v1/admin/bookings?sort=date')).json())).toEqual([
      'Alice Adams → Carl Carpenter', // Dec 1 10:00
      'Bob Brown → Paula Plumber', // Dec 1 15:00
      'Alice Adams → Paula Plumber', // Dec 3 09:00
    ]);
    expect(names((await get('/v1/admin/bookings?sort=date&order=desc')).json())[0]).toBe('Alice Adams → Paula Plumber');
    expect(names((await get('/v1/admin/bookings?sort=customer&order=desc')).json())[0]).toBe(
      'Bob Brown → Paula Plumber',
    );
    expect(names((await get('/v1/admin/bookings?sort=provider')).json())[0]).toBe('Alice Adams → Carl Carpenter');
  });

  it('keeps one provider’s bookings with providerId, searched and counted within them', async () => {
    const body = (await get(`/v1/admin/bookings?providerId=${paula.id}`)).json();
    expect(names(body)).toEqual(['Bob Brown → Paula Plumber', 'Alice Adams → Paula Plumber']);
    expect(body.meta.total).toBe(2);
    const searched = (await get(`/v1/admin/bookings?providerId=${paula.id}&q=alice`)).json();
    expect(names(searched)).toEqual(['Alice Adams → Paula Plumber']);
    expect(searched.meta.total).toBe(1);
  });

  it('refuses a malformed providerId, an unknown sort and a page of 0 with 400', async () => {
    const bad = await get('/v1/admin/bookings?providerId=nope');
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ status: 0, message: 'Please send a valid provider id.' });
    for (const query of ['?sort=phone', '?page=0'])
      expect((await get(`/v1/admin/bookings${query}`)).statusCode, query).toBe(400);
  });

  it('exports the filtered list as .xlsx, with status words and real dates', async () => {
    const res = await get(`/v1/admin/bookings/export?providerId=${paula.id}&sort=date`);
    const rows = await exportedSheet(res, 'bookings');
    expect(rows[0]).toEqual([
      'Customer Name',
      'Contractor Name',
      'Service',
      'Address',
      'Date',
      'Time',
      'Phone',
      'Total',
      'Status',
      'Booked On',
    ]);
    expect(rows).toHaveLength(3);
    expect(rows[1]!.slice(0, 9)).toEqual([
      'Bob Brown',
      'Paula Plumber',
      undefined, // no service named: an empty cell
      '2 Oak Ave, Austin',
      new Date('2026-12-01T00:00:00Z'),
      '3:00 PM',
      '5125550122',
      45,
      'Completed',
    ]);
    expect(rows[2]![8]).toBe('Requested');
  });
});

describe('POST /v1/services/addbooking with an admin token (Create Booking)', () => {
  const date = dayIn(12);
  const modal = (over: Record<string, unknown> = {}) => ({
    bookedby: bob.id,
    bookedto: carl.id,
    date,
    time: '11:00',
    phone: '5125550199',
    address: '500 Lamar Blvd, Austin, TX',
    ...over,
  });

  it('books a free slot for the chosen customer, marked as the admin’s, and tells the provider', async () => {
    const res = await post('/v1/services/addbooking', modal());
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({
      status: 1,
      message: 'Booking Successfully',
      data: { date, time: '11:00', status: 'requested', bookedto: { _id: carl.id } },
    });
    const [row] = await ctx.db.select().from(bookings).where(eq(bookings.id, body.data._id));
    expect(row).toMatchObject({
      customerId: bob.id,
      providerId: carl.id,
      createdByAdminId: admin.id,
      description: '',
      phone: '5125550199',
      status: 'requested',
    });
    // The provider's notification names the customer, not the admin.
    const [notice] = await ctx.db.select().from(notifications).where(eq(notifications.userId, carl.id));
    expect(notice?.message).toBe(`New booking request from Bob Brown for ${noticeDate(date)} at 11:00 AM`);
    // It leads the list (newest made first), marked as made by an administrator.
    const list = (await get('/v1/admin/bookings')).json();
    expect(list.data[0]).toMatchObject({
      _id: body.data._id,
      byAdmin: true,
      bookedby: { name: 'Bob Brown' },
      bookedto: { name: 'Carl Carpenter' },
    });
    // The slot is gone from the provider's free times.
    expect((await get(`/v1/services/availableSlots/${carl.id}?date=${date}`, null)).json().data).not.toContain('11:00');
  });

  it('refuses a taken slot with 409 and says why, leaving one booking', async () => {
    const again = await post('/v1/services/addbooking', modal({ bookedby: alice.id }));
    expectFailure(again, 409, { code: 'slot_taken', message: slotTaken });
    // Within the travel buffer of the booked job counts as taken too.
    expect((await post('/v1/services/addbooking', modal({ bookedby: alice.id, time: '12:00' }))).statusCode).toBe(409);
    const rows = await ctx.db
      .select({ id: bookings.id })
      .from(bookings)
      .where(and(eq(bookings.providerId, carl.id), eq(bookings.date, date)));
    expect(rows).toHaveLength(1);
  });

  it('checks every field of the modal with its message', async () => {
    const cases: [Record<string, unknown>, string, string][] = [
      [{ bookedby: '' }, 'bookedby', 'Please choose who the booking is for (Booked By).'],
      [{ bookedby: undefined }, 'bookedby', 'Please choose who the booking is for (Booked By).'],
      [{ bookedto: 'x' }, 'bookedto', 'Please choose the provider (Booked To).'],
      [{ date: '' }, 'date', 'Please enter your date'],
      [{ date: '2026-02-30' }, 'date', 'Please enter a valid date'],
      [{ time: '' }, 'time', 'Please enter your time'],
      [{ phone: '' }, 'phone', 'Please enter your Phone number'],
      [{ phone: '512-555' }, 'phone', 'Please enter a valid phone number: 7 to 10 digits'],
      [{ address: '  ' }, 'address', 'Please enter your location'],
    ];
    for (const [over, field, message] of cases) {
      const res = await post('/v1/services/addbooking', modal({ time: '15:00', ...over }));
      expect(res.statusCode, JSON.stringify(over)).toBe(400);
      expect(res.json()).toMatchObject({ status: 0, message });
      expect(res.json().errors[field]).toBe(message);
    }
  });

  it('answers 404 for a customer who cannot book (a provider’s id, a blocked customer, nobody) and a provider who cannot be booked', async () => {
    const blocked = await createMember(ctx.db, { isBlocked: true });
    for (const bookedby of [paula.id, blocked.id, '00000000-0000-4000-8000-00000000abcd']) {
      const res = await post('/v1/services/addbooking', modal({ bookedby, time: '15:00' }));
      expectFailure(res, 404, { code: 'not_found', message: 'This customer is not available for booking.' }, bookedby);
    }
    const inactive = await createProvider(ctx.db, { status: '0' });
    const res = await post('/v1/services/addbooking', modal({ bookedto: inactive.id, time: '15:00' }));
    expectFailure(res, 404, { code: 'not_found', message: 'This provider is not available for booking.' });
  });

  it('still refuses a member booking for someone else (403) and anonymous callers (401)', async () => {
    const forOther = await post(
      '/v1/services/addbooking',
      { ...modal({ bookedby: bob.id, time: '15:00' }), description: 'Fix it.' },
      memberToken,
    );
    expectRefused(forOther, 403);
    const anonymous = await post('/v1/services/addbooking', modal({ time: '15:00' }), null);
    expect(anonymous.statusCode).toBe(401);
    const rows = await ctx.db
      .select({ id: bookings.id })
      .from(bookings)
      .where(and(eq(bookings.providerId, carl.id), eq(bookings.date, date)));
    expect(rows).toHaveLength(1);
  });
});
