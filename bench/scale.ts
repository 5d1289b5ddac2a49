// The budgets at scale, on PostgreSQL: provider search at 100k providers (p95 ≤ 30 ms) and at 1M
// (p95 ≤ 60 ms, ≥ 200 requests a second, suggestions p95 ≤ 15 ms; `npm run bench -- --scale=1m`),
// measured with a randomized mix of searches (bench/search-mix.ts: a line per shape and one for
// the whole mix, the seed printed), and the Excel export of 100k rows (streamed; server memory
// grows ≤ 100 MiB). Each size gets a throwaway database with the seed, then that many providers
// loaded set-based (src/server/test/generated-providers.ts), and a server of its own.
// BENCH_SEARCH_SEED repeats a mix, BENCH_SEARCH_SECONDS (20) and BENCH_SEARCH_REQUESTS (1,800)
// size it; BENCH_KEEP keeps the database, and BENCH_SCALE_DATABASE measures one kept so.
import pg from 'pg';
import { generateProviders } from '../src/server/test/generated-providers.js';
import { percentiles, runMix, searchMix, searchShapes, suggestMix } from './search-mix.js';
import {
  noPostgres,
  rssOf,
  sleep,
  benchAdminToken,
  startServerOnPostgres,
  stopServer,
  throwawayDatabase,
  waitFor,
  type Record,
} from './servers.js';

/** The sizes measured: 100k always; 1M on request (`--scale=1m`). */
export const scaleSizes = { '100k': 100_000, '1m': 1_000_000 } as const;
export type ScaleSize = keyof typeof scaleSizes;

/** The search budget of a size: p95 in ms, for every shape and for the whole mix. */
const searchBudgetMs = (providers: number) => (providers >= 1_000_000 ? 60 : 30);
/** Requests a second the whole mix must reach at 1M providers. */
const mixThroughputAt1m = 200;
/** Suggestions at 1M: p95 in ms. */
const suggestBudgetMs = 15;
const exportRows = 100_000;

const sizeLabel = (providers: number) =>
  providers >= 1_000_000 ? `${providers / 1_000_000}M` : `${Math.round(providers / 1000)}k`;

/** Today + `days` in Austin, `YYYY-MM-DD`. */
const dayAhead = (days: number) =>
  new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Chicago' }).format(new Date(Date.now() + days * 86_400_000));

/**
 * Brings the database back to rest between runs: requests a run left in flight when it stopped go
 * on in the database and would weigh on the next run, so what still runs after 2 s is cancelled
 * (nobody waits for those answers any more).
 */
async function quiet(client: pg.Client) {
  const busy = async () =>
    (
      await client.query<{ pid: number }>(
        `select pid from pg_stat_activity
         where datname = current_database() and backend_type = 'client backend' and state = 'active'
           and pid <> pg_backend_pid()`,
      )
    ).rows.map((row) => row.pid);
  for (let waited = 0; waited < 4_000; waited += 100) {
    const pids = await busy();
    if (pids.length === 0) return;
    if (waited === 2_000) await client.query(`select pg_cancel_backend(pid) from unnest($1::int[]) as pid`, [pids]);
    await sleep(100);
  }
}

/** One line of figures: p50/p95/p99 of `latencies`, or why there are none. */
function recordLatencies(record: Record, name: string, latencies: number[] | undefined, budgetMs: number, extra = '') {
  if (!latencies?.length) return record(name, 'no answer', false);
  const { p50, p95, p99 } = percentiles(latencies);
  record(
    name,
    `p50 ${p50.toFixed(1)} ms, p95 ${p95.toFixed(1)} ms, p99 ${p99.toFixed(1)} ms ` +
      `(${latencies.length} answers${extra}; budget p95 ≤ ${budgetMs} ms)`,
    p95 <= budgetMs,
  );
}

/**
 * The randomized mix (BENCH_SEARCH_REQUESTS different requests, 1,800 by default, drawn from
 * BENCH_SEARCH_SEED or a new seed, printed): a warm-up of a few seconds on another order of it,
 * then BENCH_SEARCH_SECONDS (20) measured; one line per shape and one for the whole mix. At 1M
 * the suggestions get a mix and a line of their own.
 */
async function measureSearch(base: string, providers: number, client: pg.Client, record: Record) {
  const connections = Number(process.env.BENCH_CONNECTIONS ?? 10);
  const seconds = Number(process.env.BENCH_SEARCH_SECONDS ?? 20);
  const seed = Number(process.env.BENCH_SEARCH_SEED ?? Math.floor(Math.random() * 2 ** 31));
  const count = Number(process.env.BENCH_SEARCH_REQUESTS ?? 1800);
  const budget = searchBudgetMs(providers);
  const size = sizeLabel(providers);
  const { rows } = await client.query<{ id: string }>(
    `select id from categories where archived_at is null order by title`,
  );
  const context = { categories: rows.map((row) => row.id), days: Array.from({ length: 14 }, (_, i) => dayAhead(i)) };
  const mix = searchMix(seed, count, context);
  console.log(
    `      (search mix: seed ${seed}, ${mix.length} different requests, ${connections} connections, ${seconds} s)`,
  );
  await quiet(client);
  await runMix(base, searchMix(seed + 1, 300, context), Math.min(5, seconds), connections);
  await quiet(client);
  const run = await runMix(base, mix, seconds, connections);
  if (run.failures > 0)
    record(
      `search mix at ${size} providers`,
      `${run.failures} of ${run.answers} answers not 2xx; first: ${run.firstFailure}`,
      false,
    );
  for (const shape of searchShapes)
    recordLatencies(record, `search ${shape} at ${size} providers`, run.latencies.get(shape), budget);
  const all = [...run.latencies.values()].flat();
  const rps = run.answers / seconds;
  recordLatencies(record, `search mix at ${size} providers`, all, budget, `, ${rps.toFixed(0)} req/s`);
  if (providers >= 1_000_000) {
    record(
      `search mix throughput at ${size} providers`,
      `${rps.toFixed(0)} req/s (budget ≥ ${mixThroughputAt1m})`,
      rps >= mixThroughputAt1m,
    );
    await quiet(client);
    const suggestions = await runMix(base, suggestMix(seed, 600), Math.min(10, seconds), connections);
    recordLatencies(record, `suggestions at ${size} providers`, suggestions.latencies.get('suggest'), suggestBudgetMs);
  }
  await quiet(client);
}

/** The export of every provider, read as a slow-ish client would, memory sampled meanwhile. */
async function measureExport(base: string, serverPid: number, providers: number, record: Record) {
  const token = await benchAdminToken(base);
  const before = rssOf(serverPid);
  let peak = before;
  const sampler = setInterval(() => (peak = Math.max(peak, rssOf(serverPid))), 20);
  const started = performance.now();
  const response = await fetch(`${base}/v1/admin/vendors/export`, {
    headers: { authorization: `Bearer ${token}` },
  });
  let bytes = 0;
  for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) bytes += chunk.length;
  clearInterval(sampler);
  const growth = (peak - before) / 1024 / 1024;
  const seconds = (performance.now() - started) / 1000;
  record(
    `Excel export of ${sizeLabel(providers)}+ providers`,
    `${(bytes / 1024 / 1024).toFixed(1)} MiB in ${seconds.toFixed(1)} s, server memory +${growth.toFixed(0)} MiB (budget ≤ 100 MiB)`,
    response.ok && growth <= 100,
  );
}

/** One size: a throwaway database with the seed and `providers` more, its server, the measures. */
async function atSize(serverEntry: string, port: number, providers: number, record: Record) {
  // BENCH_SCALE_DATABASE: a database a run with BENCH_KEEP left behind, loaded already (to try
  // changes to search without loading again); it is neither loaded nor dropped.
  const kept = process.env.BENCH_SCALE_DATABASE;
  const database = kept
    ? { url: kept, drop: async () => {} }
    : await throwawayDatabase(`scale${sizeLabel(providers).toLowerCase()}`);
  if (!database) {
    record('at scale on PostgreSQL', noPostgres(), false);
    return;
  }
  const server = startServerOnPostgres(serverEntry, port, database.url);
  const base = `http://127.0.0.1:${port}`;
  try {
    await waitFor(`${base}/v1/health`, 60_000, server);
    const client = new pg.Client({ connectionString: database.url });
    await client.connect();
    try {
      if (!kept) await load(client, providers);
      await measureSearch(base, providers, client, record);
    } finally {
      await client.end();
    }
    if (providers === exportRows) await measureExport(base, server.pid!, providers, record);
  } finally {
    await stopServer(server);
    await database.drop();
  }
}

async function load(client: pg.Client, providers: number) {
  const loaded = await generateProviders(client, providers);
  const slowest = [...loaded.steps].sort((a, b) => b.ms - a.ms).slice(0, 3);
  console.log(
    `      (loaded ${sizeLabel(providers)} providers in ${(loaded.ms / 1000).toFixed(1)} s: ` +
      `${loaded.workingHours} working hours, ${loaded.daysOff} days off, ${loaded.bookings} jobs; ` +
      `slowest ${slowest.map((s) => `${s.step} ${(s.ms / 1000).toFixed(1)} s`).join(', ')})`,
  );
}

/** Search at each size in `sizes` (ascending), each on its own database; the export at 100k. */
export async function scaleBudgets(serverEntry: string, port: number, record: Record, sizes: ScaleSize[] = ['100k']) {
  const counts = [...new Set(sizes.map((size) => scaleSizes[size]))].sort((a, b) => a - b);
  for (const providers of counts) {
    try {
      await atSize(serverEntry, port, providers, record);
    } catch (error) {
      // One size failing (a load, a server that would not start) leaves the next one to run.
      record(
        `scale at ${sizeLabel(providers)} providers`,
        error instanceof Error ? error.message : String(error),
        false,
      );
    }
  }
}
