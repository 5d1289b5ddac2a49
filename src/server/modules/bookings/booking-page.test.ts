// One booking's page: what GET /v1/bookings/{id} adds for it (the start as an instant, the
// customer's picture), its timeline and reschedules when a booking is moved, its calendar file,
// and the admin list's Service and Total columns that lead to it.
import { beforeAll, describe, expect, it } from 'vitest';
import fs from 'node:fs';
import path from 'node:path';
import { and, eq, sql } from 'drizzle-orm';
import { contactDaysAfterCompletion } from '../../../contract/bookings.js';
import { migrationsFolder } from '../../db/client.js';
import { bookingEvents, notifications, type BookingStatus } from '../../db/schema.js';
import { readSheet } from '../../test/xlsx.js';
import { bookingOf, createAdmin, createCategory, createMember, createProvider, signIn } from '../../test/factories.js';
import { expectRefused, injectAs, withApp } from '../../test/harness.js';
import { dayIn } from '../../test/days.js';

const newYork = 'America/New_York';
const ctx = withApp();
const { get, post } = injectAs(() => ctx);
let adminToken: string;
let customer: { id: string; token: string };
let provider: { id: string; token: string };
let stranger: { id: string; token: string };

beforeAll(async () => {
  adminToken = await signIn(ctx.db, (await createAdmin(ctx.db)).id);
  const c = await createMember(ctx.db, { name: 'Cora Client', image: 'cora.jpg' });
  const p = await createProvider(ctx.db, { name: 'Nate Plumber', city: 'nyc', address: '5 Broad St, New York, NY' });
  const s = await createMember(ctx.db);
  customer = { id: c.id, token: await signIn(ctx.db, c.id) };
  provider = { id: p.id, token: await signIn(ctx.db, p.id) };
  stranger = { id: s.id, token: await signIn(ctx.db, s.id) };
});

describe('GET /v1/bookings/{id}', () => {
  it('gives the start as an instant (the local date and time read in the provider’s zone) and the customer’s picture', async () => {
    // 10:00 in New York on 1 December is 15:00 UTC; on 1 July (summer time) 14:00 UTC.
    const winter = await bookingOf(ctx.db, customer, provider, {
      date: '2026-12-01',
      time: '10:00',
      timeZone: 'America/New_York',
    });
    const summer = await bookingOf(ctx.db, customer, provider, {
      date: '2026-07-01',
      time: '10:00',
      timeZone: 'America/New_York',
    });
    const page = (await get(`/v1/bookings/${winter.id}`, customer.token)).json().data;
    expect(page).toMatchObject({
      startsAt: '2026-12-01T15:00:00.000Z',
      customer: { _id: customer.id, name: 'Cora Client', image: 'cora.jpg' },
    });
    expect((await get(`/v1/bookings/${summer.id}`, provider.token)).json().data.startsAt).toBe(
      '2026-07-01T14:00:00.000Z',
    );
  });

  it('keeps the lifecycle’s order for steps written at one instant', async () => {
    // The builder (and so the seed) writes a booking's request and its status at its making.
    const made = new Date('2026-11-01T15:00:00Z');
    for (let day = 10; day < 18; day++) {
      const booking = await bookingOf(ctx.db, customer, provider, {
        date: `2026-10-${day}`,
        status: 'completed',
        createdAt: made,
      });
      const page = (await get(`/v1/bookings/${booking.id}`, customer.token)).json().data;
      expect(page.timeline).toEqual([
        { status: 'requested', at: made.toISOString() },
        { status: 'completed', at: made.toISOString() },
      ]);
    }
  });

  it('shows an accepted booking moved to another time going back to requested, and lists each move', async () => {
    const date = dayIn(10, newYork);
    const booked = await post(
      '/v1/services/addbooking',
      {
        bookedby: customer.id,
        bookedto: provider.id,
        date,
        time: '10:00',
        phone: '2125550100',
        address: '1 Wall St, New York, NY',
        description: 'A dripping tap.',
      },
      customer.token,
    );
    expect(booked.statusCode, booked.body).toBe(200);
    const id = booked.json().data._id as string;
    expect((await post(`/v1/provider/jobs/${id}/accept`, {}, provider.token)).statusCode).toBe(200);
    const moved = await post(
      '/v1/services/reschedulebooking',
      { id, date: dayIn(11, newYork), time: '14:00' },
      customer.token,
    );
    expect(moved.statusCode, moved.body).toBe(200);
    const page = (await get(`/v1/bookings/${id}`, customer.token)).json().data;
    expect(page.status).toBe('requested');
    expect(page.timeline.map((step: { status: string }) => step.status)).toEqual([
      'requested',
      'accepted',
      'requested',
    ]);

    // Moving a request again is no new step.
    expect(
      (await post('/v1/services/reschedulebooking', { id, date: dayIn(12, newYork), time: '14:00' }, customer.token))
        .statusCode,
    ).toBe(200);
    const again = (await get(`/v1/bookings/${id}`, provider.token)).json().data;
    expect(again.timeline).toHaveLength(3);

    // Both moves, oldest first: from and to in the provider's local time, when, by whom.
    expect(again.reschedules).toEqual([
      {
        at: expect.any(String),
        fromDate: date,
        fromTime: '10:00',
        toDate: dayIn(11, newYork),
        toTime: '14:00',
        by: 'Cora Client',
      },
      {
        at: expect.any(String),
        fromDate: dayIn(11, newYork),
        fromTime: '14:00',
        toDate: dayIn(12, newYork),
        toTime: '14:00',
        by: 'Cora Client',
      },
    ]);
    expect(Date.parse(again.reschedules[0].at)).toBeLessThanOrEqual(Date.parse(again.reschedules[1].at));
    // An admin reads them too; a booking never moved has none.
    expect((await get(`/v1/bookings/${id}`, adminToken)).json().data.reschedules).toHaveLength(2);
    const still = await bookingOf(ctx.db, customer, provider, { date: dayIn(20, newYork) });
    expect((await get(`/v1/bookings/${still.id}`, customer.token)).json().data.reschedules).toEqual([]);
  });

  it('lists the moves made before they had a table of their own, from the notices their providers were sent', async () => {
    const booking = await bookingOf(ctx.db, customer, provider, { date: dayIn(22, newYork) });
    // As a move was written down until migration 0025: only in the provider's notice.
    await ctx.db.insert(notifications).values({
      userId: provider.id,
      kind: 'booking',
      message: 'Cora Client moved a booking.',
      data: {
        notice: 'bookingMoved',
        bookingId: booking.id,
        date: dayIn(22, newYork),
        time: '15:00',
        customer: 'Cora Client',
        fromDate: dayIn(21, newYork),
        fromTime: '09:00',
      },
    });
    const file = fs.readFileSync(path.join(migrationsFolder, '0025_booking_moves.sql'), 'utf8');
    const backfill = file.split('--> statement-breakpoint').at(-1) ?? '';
    await ctx.db.execute(sql.raw(backfill));

    expect((await get(`/v1/bookings/${booking.id}`, customer.token)).json().data.reschedules).toEqual([
      {
        at: expect.any(String),
        fromDate: dayIn(21, newYork),
        fromTime: '09:00',
        toDate: dayIn(22, newYork),
        toTime: '15:00',
        by: 'Cora Client',
      },
    ]);
  });
});

describe('the customer’s phone and street on a booking’s page', () => {
  const contact = { phone: '2125550188', address: '12 Pearl St, New York, NY 10004' };
  /** No phone, and only the area the booking is in. */
  const hidden = { phone: null, address: 'New York, NY 10004' };
  const page = async (id: string, token: string) => (await get(`/v1/bookings/${id}`, token)).json().data;
  /** A booking of that status, completed that many days ago when it is completed. */
  async function booking(status: BookingStatus, date: string, completedDaysAgo = 0) {
    const row = await bookingOf(ctx.db, customer, provider, { date, status, ...contact });
    await ctx.db
      .update(bookingEvents)
      .set({ at: new Date(Date.now() - completedDaysAgo * 86_400_000) })
      .where(and(eq(bookingEvents.bookingId, row.id), eq(bookingEvents.status, 'completed')));
    return row;
  }

  it('shows them to the provider while requested or accepted and for 7 days after completion, never after a decline, cancel or expiry', async () => {
    const shownToProvider = [
      await booking('requested', '2027-01-04'),
      await booking('accepted', '2027-01-05'),
      await booking('completed', '2027-01-06', contactDaysAfterCompletion - 1),
    ];
    const hiddenFromProvider = [
      await booking('completed', '2027-01-07', contactDaysAfterCompletion + 1),
      await booking('declined', '2027-01-08'),
      await booking('cancelled', '2027-01-09'),
      await booking('expired', '2027-01-10'),
    ];
    for (const { id } of shownToProvider) expect(await page(id, provider.token)).toMatchObject(contact);
    for (const { id } of hiddenFromProvider) expect(await page(id, provider.token)).toMatchObject(hidden);
    // The customer's own booking and an administrator's view always have them.
    for (const { id } of [...shownToProvider, ...hiddenFromProvider]) {
      expect(await page(id, customer.token)).toMatchObject(contact);
      expect(await page(id, adminToken)).toMatchObject(contact);
    }
    // So has the admin's list.
    const [declined] = hiddenFromProvider.slice(1);
    const listed = (await get(`/v1/admin/bookings?providerId=${provider.id}&limit=100`, adminToken)).json().data;
    expect(listed.find((row: { _id: string }) => row._id === declined!.id)).toMatchObject(contact);
  });

  it('puts only the area in the provider’s calendar file once hidden', async () => {
    const declined = await booking('declined', '2027-01-11');
    const unfold = (ics: string) => ics.replace(/\r\n[ \t]/g, '');
    const path = `/v1/bookings/${declined.id}/calendar.ics`;
    expect(unfold((await get(path, provider.token)).body)).toContain('LOCATION:New York\\, NY 10004\r\n');
    expect(unfold((await get(path, customer.token)).body)).toContain('LOCATION:12 Pearl St\\, New York\\, NY 10004');
  });
});

describe('GET /v1/bookings/{id}/calendar.ics', () => {
  it('answers the booking as an iCalendar event to add, named for the other party', async () => {
    const cleaning = await createCategory(ctx.db, { title: 'Cleaning' });
    const booking = await bookingOf(ctx.db, customer, provider, {
      categoryId: cleaning.id,
      date: '2026-12-02',
      time: '09:30',
      timeZone: 'America/New_York',
      address: '12 Pearl St, New York, NY',
      description: 'Kitchen and bath.',
      status: 'accepted',
    });
    const res = await get(`/v1/bookings/${booking.id}/calendar.ics`, customer.token);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/calendar; charset=utf-8');
    const reference = booking.id.slice(0, 8).toUpperCase();
    expect(res.headers['content-disposition']).toBe(`attachment; filename="doorstep-booking-${reference}.ics"`);
    // Lines of an iCalendar file are folded at 75 octets: unfold before reading.
    const ics = res.body.replace(/\r\n[ \t]/g, '');
    expect(ics).toMatch(/^BEGIN:VCALENDAR\r\n/);
    expect(ics).toContain('METHOD:PUBLISH');
    expect(ics).toContain(`UID:booking-${booking.id}@doorstep`);
    expect(ics).toContain('DTSTART:20261202T143000Z');
    expect(ics).toContain('DURATION:PT1H');
    expect(ics).toContain('SUMMARY:Doorstep booking with Nate Plumber');
    expect(ics).toContain(`DESCRIPTION:Booked through Doorstep. Cleaning. Ref. ${reference}. Kitchen and bath.`);
    expect(ics).toContain('LOCATION:12 Pearl St\\, New York\\, NY');
    expect(ics).toContain('STATUS:CONFIRMED');

    // The provider's names the customer.
    const theirs = (await get(`/v1/bookings/${booking.id}/calendar.ics`, provider.token)).body.replace(
      /\r\n[ \t]/g,
      '',
    );
    expect(theirs).toContain('SUMMARY:Doorstep booking with Cora Client');
  });

  it('marks a cancelled booking cancelled, so a calendar holding it drops it', async () => {
    const booking = await bookingOf(ctx.db, customer, provider, { date: '2026-12-03', status: 'cancelled' });
    const ics = (await get(`/v1/bookings/${booking.id}/calendar.ics`, customer.token)).body;
    expect(ics).toContain('STATUS:CANCELLED');
  });

  it('refuses anyone but the two parties and an admin, like the booking itself', async () => {
    const booking = await bookingOf(ctx.db, customer, provider, { date: '2026-12-04' });
    const path = `/v1/bookings/${booking.id}/calendar.ics`;
    expect((await get(path, adminToken)).statusCode).toBe(200);
    const refused = await get(path, stranger.token);
    expectRefused(refused, 403);
    expect((await get(path, null)).statusCode).toBe(401);
    expect((await get(`/v1/bookings/${crypto.randomUUID()}/calendar.ics`, customer.token)).statusCode).toBe(404);
    expect((await get('/v1/bookings/nope/calendar.ics', customer.token)).statusCode).toBe(400);
  });
});

describe('GET /v1/admin/bookings: Service and Total', () => {
  it('lists each booking’s service (or none) and its total, in the page and the export', async () => {
    const painter = await createProvider(ctx.db, { name: 'Pia Painter' });
    const painting = await createCategory(ctx.db, { title: 'Painting' });
    await bookingOf(ctx.db, customer, painter, { categoryId: painting.id, chargesCents: 12550, date: '2026-12-05' });
    await bookingOf(ctx.db, customer, painter, { date: '2026-12-06' });
    const page = (await get(`/v1/admin/bookings?providerId=${painter.id}&sort=date`, adminToken)).json();
    expect(page.data.map((row: { service: unknown; totalCents: number }) => [row.service, row.totalCents])).toEqual([
      [{ _id: painting.id, title: 'Painting' }, 12550],
      [null, 4500],
    ]);
    const rows = await readSheet(
      (await get(`/v1/admin/bookings/export?providerId=${painter.id}&sort=date`, adminToken)).rawPayload,
    );
    const header = rows[0] as string[];
    expect(header).toContain('Service');
    expect(header).toContain('Total');
    expect(rows.slice(1).map((row) => [row[header.indexOf('Service')], row[header.indexOf('Total')]])).toEqual([
      ['Painting', 125.5],
      // No service: an empty cell.
      [undefined, 45],
    ]);
  });
});
