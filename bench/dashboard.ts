// The admin dashboard at 1M bookings on PostgreSQL: GET /v1/admin/dashboard (the four counters,
// the work queue and the trends with their breakdowns) p95 ≤ 100 ms for each range an
// administrator picks — none (the last 30 days' trends, all-time counters), a month, a quarter, a
// year (per week), two years and all time (per month). A throwaway database with the seed, 10k
// providers (src/server/test/generated-providers.ts), then 100k members who joined over two years
// and 1M closed bookings over the same two years, loaded set-based (the dashboard's sums through
// their triggers), the sums vacuumed and everything analyzed; a server of its own.
// BENCH_DASHBOARD_DATABASE: a database a run with BENCH_KEEP left behind, loaded already (to try
// changes to the dashboard without loading again); it is neither loaded nor dropped.
import pg from 'pg';
import { generateProviders } from '../src/server/test/generated-providers.js';
import {
  benchAdminToken,
  noPostgres,
  percentile,
  startServerOnPostgres,
  stopServer,
  throwawayDatabase,
  waitFor,
  type Record,
} from './servers.js';

const budgetMs = 100;
const sizes = { providers: 10_000, members: 100_000, bookings: 1_000_000 };
/** Requests per range, one at a time, after two to warm up. */
const samples = 40;

const isoDay = (daysAgo: number) => new Date(Date.now() - daysAgo * 86_400_000).toISOString().slice(0, 10);

/**
 * The dashboard's sums of what generateProviders wrote: it writes with the triggers off, so they
 * are summed here as the migration that made the tables first filled them.
 */
async function sumGenerated(client: pg.Client) {
  await client.query(`truncate booking_days, booking_months, user_days`);
  await client.query(
    `insert into booking_days (day, status, category_id, city, bookings, total_cents, fee_cents)
     select date, status, category_id, city, count(*), sum(total_cents), sum(fee_cents) from bookings group by 1, 2, 3, 4`,
  );
  await client.query(
    `insert into booking_months (month, status, category_id, city, bookings, total_cents, fee_cents)
     select date_trunc('month', day::timestamp)::date, status, category_id, city, sum(bookings), sum(total_cents),
            sum(fee_cents)
     from booking_days group by 1, 2, 3, 4`,
  );
  await client.query(
    `insert into user_days (day, role, users)
     select (created_at at time zone 'UTC')::date, role, count(*) from users group by 1, 2`,
  );
}

/**
 * Members who joined, and closed bookings, spread over the last two years, through the triggers
 * that keep the dashboard's sums. Verified members: the hourly purge of unverified sign-ups would
 * otherwise go through all of them while the bench measures.
 */
async function loadHistory(client: pg.Client) {
  await client.query(
    `insert into users (role, name, email, phone, status, referral_code, phone_verified_at, created_at, updated_at)
     select 'customer', 'Dash Member ' || i, 'dash' || i || '@example.test', '4' || lpad(i::text, 9, '0'), '1',
            'DASH' || upper(to_hex(i)), joined, joined, now()
     from generate_series(1, $1::int) as i,
          lateral (select now() - (i % 730) * interval '1 day' - (i % 86400) * interval '1 second' as joined) as j`,
    [sizes.members],
  );
  // Past days only, so no two active bookings share a provider's slot; most completed.
  await client.query(
    `with p as (select array_agg(user_id) as ids, count(*)::int as n from provider_profiles),
          c as (select array_agg(id) as ids, count(*)::int as n from users where role = 'customer'),
          k as (select array_agg(id) as ids, count(*)::int as n from categories where archived_at is null)
     insert into bookings (customer_id, provider_id, category_id, date, time, time_zone, phone, address,
                           description, status, charges_cents, service_cents, fee_cents, total_cents,
                           created_at, updated_at)
     select c.ids[1 + i % c.n], p.ids[1 + (i * 7) % p.n], k.ids[1 + i % k.n],
            current_date - 1 - (i % 730), '10:00', 'America/Chicago', '5125550100', '1 Main St, Austin, TX',
            'Generated for the dashboard bench',
            (array['completed', 'completed', 'completed', 'completed', 'completed', 'completed', 'cancelled',
                   'declined', 'expired', 'completed'])[1 + i % 10],
            4500, 4500 + (i % 50) * 100, (4500 + (i % 50) * 100) / 10, 4500 + (i % 50) * 100 + (4500 + (i % 50) * 100) / 10,
            now() - (i % 730) * interval '1 day', now()
     from generate_series(1, $1::int) as i, p, c, k`,
    [sizes.bookings],
  );
  // The load wrote a sums row once per booking or member, in one statement: a dead version each,
  // which autovacuum clears soon after in a running database. Vacuumed here, so the figures are
  // those of the sums and not of the load's leftovers; then statistics for everything loaded.
  await client.query('vacuum booking_days, booking_months, user_days');
  await client.query('analyze');
}

export async function dashboardBudgets(serverEntry: string, port: number, record: Record) {
  const kept = process.env.BENCH_DASHBOARD_DATABASE;
  const database = kept ? { url: kept, drop: async () => {} } : await throwawayDatabase('dashboard');
  if (!database) {
    record('dashboard at 1M bookings', noPostgres(), false);
    return;
  }
  const server = startServerOnPostgres(serverEntry, port, database.url);
  const base = `http://127.0.0.1:${port}`;
  try {
    await waitFor(`${base}/v1/health`, 60_000, server);
    const client = new pg.Client({ connectionString: database.url });
    await client.connect();
    try {
      const started = performance.now();
      if (!kept) {
        await generateProviders(client, sizes.providers);
        await sumGenerated(client);
        await loadHistory(client);
      }
      const { rows } = await client.query<{ n: string }>('select count(*) as n from bookings');
      console.log(
        kept
          ? `      (${Number(rows[0]?.n)} bookings in ${kept})`
          : `      (loaded ${sizes.providers} providers, ${sizes.members} more members and ${Number(rows[0]?.n)} bookings ` +
              `in ${((performance.now() - started) / 1000).toFixed(1)} s)`,
      );
    } finally {
      await client.end();
    }
    const token = await benchAdminToken(base);
    const ranges = [
      { name: 'no range (last 30 days, all-time counters)', query: '' },
      { name: 'a month', query: `?startDate=${isoDay(30)}&endDate=${isoDay(0)}` },
      { name: 'a quarter', query: `?startDate=${isoDay(91)}&endDate=${isoDay(0)}` },
      { name: 'a year, per week', query: `?startDate=${isoDay(365)}&endDate=${isoDay(0)}` },
      { name: 'two years, per month', query: `?startDate=${isoDay(730)}&endDate=${isoDay(0)}` },
      // From before the first booking to today, with the open end an administrator leaves.
      { name: 'all time, per month', query: `?startDate=${isoDay(3650)}` },
    ];
    for (const range of ranges) {
      const latencies: number[] = [];
      for (let i = 0; i < samples + 2; i++) {
        const began = performance.now();
        const response = await fetch(`${base}/v1/admin/dashboard${range.query}`, {
          headers: { authorization: `Bearer ${token}` },
        });
        await response.arrayBuffer();
        if (!response.ok) throw new Error(`dashboard ${range.query}: ${response.status}`);
        if (i >= 2) latencies.push(performance.now() - began);
      }
      const [p50, p95] = [0.5, 0.95].map((share) => percentile(latencies, share));
      record(
        `dashboard at 1M bookings, ${range.name}`,
        `p50 ${p50!.toFixed(1)} ms, p95 ${p95!.toFixed(1)} ms (${latencies.length} requests; budget p95 ≤ ${budgetMs} ms)`,
        p95! <= budgetMs,
      );
    }
  } finally {
    await stopServer(server);
    await database.drop();
  }
}
