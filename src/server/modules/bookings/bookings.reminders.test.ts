// Reminders of accepted jobs, with a controlled clock: which run writes what, and that a run
// repeated (or run by two instances at once) writes nothing more.
import fs from 'node:fs';
import path from 'node:path';
import { and, asc, eq, like, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { migrationsFolder } from '../../db/client.js';
import { notifications, outbox } from '../../db/schema.js';
import { bookingOf, createBooking, createMember, createProvider } from '../../test/factories.js';
import { withApp } from '../../test/harness.js';
import { remindDue } from './bookings.reminders.js';

const hour = 3_600_000;
const options = { mailFrom: 'Doorstep <no-reply@doorstep.test>', publicUrl: 'https://doorstep.test' };

describe('job reminders', () => {
  const ctx = withApp();
  let customer: Awaited<ReturnType<typeof createMember>>;
  let provider: Awaited<ReturnType<typeof createProvider>>;
  let booking: Awaited<ReturnType<typeof createBooking>>;
  // 2026-12-01 10:00 in Austin (UTC-6) is 16:00 UTC.
  const startsAt = new Date('2026-12-01T16:00:00Z');

  beforeAll(async () => {
    customer = await createMember(ctx.db, { name: 'Rita Customer', password: 'secret-pass-1' });
    provider = await createProvider(ctx.db, { name: 'Pat Provider', password: 'secret-pass-2' });
    booking = await bookingOf(ctx.db, customer, provider, {
      date: '2026-12-01',
      time: '10:00',
      timeZone: 'America/Chicago',
      status: 'accepted',
    });
    // Neither requested nor cancelled jobs are reminded of.
    await bookingOf(ctx.db, customer, provider, { time: '12:00' });
    await bookingOf(ctx.db, customer, provider, { time: '14:00', status: 'cancelled' });
  });

  const noticesOf = (userId: string) =>
    ctx.db
      .select({ message: notifications.message, key: notifications.key })
      .from(notifications)
      .where(eq(notifications.userId, userId))
      .orderBy(asc(notifications.createdAt));
  const messagesTo = (to: string) =>
    ctx.db
      .select({ channel: outbox.channel, subject: outbox.subject, body: outbox.body, ics: outbox.ics, key: outbox.key })
      .from(outbox)
      .where(and(eq(outbox.to, to), like(outbox.key, 'reminder:%')))
      .orderBy(asc(outbox.createdAt));

  it('writes nothing more than 24 hours before', async () => {
    expect(await remindDue(ctx.db, new Date(startsAt.getTime() - 25 * hour), options)).toEqual([]);
    expect(await noticesOf(customer.id)).toEqual([]);
  });

  it('reminds both sides 24 hours before: in the app, by text, and by mail with an invitation', async () => {
    const now = new Date(startsAt.getTime() - 23 * hour);
    const written = await remindDue(ctx.db, now, options);
    expect(written.map((row) => row.userId).sort()).toEqual([customer.id, provider.id].sort());

    expect(await noticesOf(customer.id)).toEqual([
      { message: 'Reminder: Pat Provider comes tomorrow, on 01-12-2026 at 10:00 AM.', key: expect.any(String) },
    ]);
    expect((await noticesOf(provider.id))[0]?.message).toBe(
      'Reminder: your job for Rita Customer is tomorrow, on 01-12-2026 at 10:00 AM.',
    );

    const sent = await messagesTo(customer.email ?? '');
    expect(sent).toHaveLength(1);
    const [mail] = sent;
    expect(mail?.subject).toBe('Reminder: your Doorstep booking on 01-12-2026 at 10:00 AM');
    expect(mail?.body).toContain('https://doorstep.test/Ongoing');
    const ics = mail?.ics ?? '';
    expect(ics).toContain('METHOD:REQUEST');
    expect(ics).toContain(`UID:booking-${booking.id}@doorstep`);
    expect(ics).toContain('DTSTART:20261201T160000Z');
    expect(ics).toContain('ORGANIZER;CN="Doorstep":MAILTO:no-reply@doorstep.test');
    expect(ics).toContain('ATTENDEE;RSVP=FALSE;PARTSTAT="ACCEPTED";CN="Rita Customer"');
    expect(ics).toContain('LOCATION:200 Main St\\, Austin\\, TX');
    const texts = await messagesTo(customer.phone ?? '');
    expect(texts).toEqual([
      expect.objectContaining({
        channel: 'sms',
        body: 'Reminder: Pat Provider comes tomorrow, on 01-12-2026 at 10:00 AM.',
      }),
    ]);
  });

  it('writes each reminder once however often the sweep runs, also at once', async () => {
    const now = new Date(startsAt.getTime() - 22 * hour);
    const runs = await Promise.all([remindDue(ctx.db, now, options), remindDue(ctx.db, now, options)]);
    expect(runs.flat()).toEqual([]);
    expect(await noticesOf(customer.id)).toHaveLength(1);
    expect(await messagesTo(customer.email ?? '')).toHaveLength(1);
  });

  it('reminds again 2 hours before, and not after the job began', async () => {
    const written = await remindDue(ctx.db, new Date(startsAt.getTime() - 2 * hour + 60_000), options);
    expect(written).toHaveLength(2);
    expect((await noticesOf(customer.id)).map((row) => row.message)).toEqual([
      'Reminder: Pat Provider comes tomorrow, on 01-12-2026 at 10:00 AM.',
      'Reminder: Pat Provider comes in 2 hours, on 01-12-2026 at 10:00 AM.',
    ]);
    expect(await remindDue(ctx.db, new Date(startsAt.getTime() + 60_000), options)).toEqual([]);
  });

  it('sends no mail or text to an address the member never verified', async () => {
    const unverified = await createMember(ctx.db, { name: 'No Mail' });
    await bookingOf(ctx.db, unverified, provider, { date: '2026-12-02', time: '10:00', status: 'accepted' });
    await remindDue(ctx.db, new Date('2026-12-01T17:00:00Z'), options);
    expect(await noticesOf(unverified.id)).toHaveLength(1);
    expect(await messagesTo(unverified.email ?? '')).toEqual([]);
  });

  it('takes the street out of the reminders written before they left it out (migration 0027)', async () => {
    const notice = {
      notice: 'jobReminder',
      bookingId: booking.id,
      date: '2026-12-01',
      time: '10:00',
      stage: '24h',
      customer: 'Rita Customer',
    };
    const told = 'Reminder: your job for Rita Customer is tomorrow, on 01-12-2026 at 10:00 AM';
    const [old] = await ctx.db
      .insert(notifications)
      .values({
        userId: provider.id,
        kind: 'booking',
        message: `${told}, at 200 Main St, Austin, TX.`,
        data: { ...notice, address: '200 Main St, Austin, TX' },
      })
      .returning({ id: notifications.id });
    const file = fs.readFileSync(path.join(migrationsFolder, '0027_reminder_without_street.sql'), 'utf8');
    await ctx.db.execute(sql.raw(file));
    const [row] = await ctx.db
      .select({ message: notifications.message, data: notifications.data })
      .from(notifications)
      .where(eq(notifications.id, old!.id));
    expect(row).toEqual({ message: `${told}.`, data: notice });
  });
});
