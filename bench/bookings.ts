// What keeping the search read model current costs a booking. A built server on PostgreSQL books
// free slots under `connections` concurrent customers in eight rounds: with the trigger that works
// out the provider's full days in the booking's own transaction, without it, without, with, and
// that again (a drift of the machine during the run weighs on both sides alike). Budget: the p95
// with it within +10 % of the p95 without.
import pg from 'pg';
import { bookingLoad, startBookingServer, type BookingServer } from './booking-load.js';
import { noPostgres, percentile, throwawayDatabase, type Record } from './servers.js';

const bookingsPerRound = Number(process.env.BENCH_BOOKINGS_PER_ROUND ?? 150);
const connections = Number(process.env.BENCH_BOOKINGS_CONNECTIONS ?? 10);
const warmupBookings = 30;
const rounds = ['with', 'without', 'without', 'with', 'with', 'without', 'without', 'with'] as const;
/** The read model's upkeep on a booking (migration 0031): its provider's full days. */
const upkeepTrigger = 'bookings_read_model';
const allowedRise = 0.1;

export async function bookingBudgets(serverEntry: string, port: number, record: Record) {
  const label = "booking p95 with the search read model's upkeep";
  const database = await throwawayDatabase('bookings');
  if (!database) {
    record(label, noPostgres(), false);
    return;
  }
  const client = new pg.Client({ connectionString: database.url });
  let server: BookingServer | undefined;
  try {
    server = await startBookingServer(serverEntry, port, database.url);
    const { base } = server;
    await client.connect();
    const total = warmupBookings + rounds.length * bookingsPerRound;
    const { slots, bookAll } = await bookingLoad(database.url, base, 'bookings', total, connections);

    await bookAll(slots.slice(0, warmupBookings));
    // Each round books every 8th of the remaining slots: all rounds see the same providers and days.
    const measured = slots.slice(warmupBookings, total);
    const times = { with: [] as number[], without: [] as number[] };
    for (const [r, kind] of rounds.entries()) {
      await client.query(`alter table bookings ${kind === 'with' ? 'enable' : 'disable'} trigger ${upkeepTrigger}`);
      times[kind].push(...(await bookAll(measured.filter((_, i) => i % rounds.length === r))));
    }
    const p95 = { with: percentile(times.with, 0.95), without: percentile(times.without, 0.95) };
    const rise = p95.with / p95.without - 1;
    record(
      label,
      `p95 ${p95.with.toFixed(1)} ms (p50 ${percentile(times.with, 0.5).toFixed(1)}) against ${p95.without.toFixed(1)} ms ` +
        `(p50 ${percentile(times.without, 0.5).toFixed(1)}) without it, ${(rounds.length / 2) * bookingsPerRound} bookings each at ` +
        `${connections} connections: ${rise >= 0 ? '+' : ''}${(rise * 100).toFixed(1)} % (budget ≤ +${allowedRise * 100} %)`,
      rise <= allowedRise,
    );
  } finally {
    await client.end().catch(() => undefined);
    await server?.stop();
    await database.drop();
  }
}
