// The tests build rows with the same builders as the seed, and move bookings in time.
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { bookings } from '../db/schema.js';
import { createBooking, type BookingInput } from '../db/builders.js';

export * from '../db/builders.js';

/** A booking of `customer` with `provider`, as createBooking makes it where `input` says nothing. */
export const bookingOf = (
  db: Db,
  customer: { id: string },
  provider: { id: string },
  input: Omit<BookingInput, 'customerId' | 'providerId'> = {},
) => createBooking(db, { customerId: customer.id, providerId: provider.id, ...input });

/**
 * A booking's time has come (a completed job must have started): 100 days earlier than booked, so
 * two open bookings of one provider, each on its own day, never land on the same past slot.
 */
export const startPassed = (db: Db, bookingId: string) =>
  db
    .update(bookings)
    .set({ date: sql`${bookings.date} - 100` })
    .where(eq(bookings.id, bookingId));

/** A booking moved to start `hours` from now, in its own time zone (a late cancellation's window). */
export const startsInHours = (db: Db, bookingId: string, hours: number) =>
  db.execute(sql`update ${bookings} set
    date = (now() at time zone time_zone + make_interval(hours => ${hours}))::date,
    time = to_char(date_trunc('minute', now() at time zone time_zone + make_interval(hours => ${hours})), 'HH24:MI')
    where id = ${bookingId}`);
