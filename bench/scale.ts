// The budgets at scale, on PostgreSQL: provider search at 100k providers (p95 ≤ 30 ms) and at 1M
// (p95 ≤ 100 ms; `npm run bench -- --scale=1m`), each shape of search on its own line, and the
// Excel export of 100k rows (streamed; server memory grows ≤ 100 MiB).
// Each size gets a throwaway database with the seed, then that many providers loaded set-based
// (src/server/test/generated-providers.ts), and a server of its own.
import autocannon from 'autocannon';
import pg from 'pg';
import { generatedSamples, generateProviders } from '../src/server/test/generated-providers.js';
import {
  noPostgres,
  percentile,
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

/** The search budget of a size: p95 in ms. */
const searchBudgetMs = (providers: number) => (providers >= 1_000_000 ? 100 : 30);
const exportRows = 100_000;

const sizeLabel = (providers: number) =>
  providers >= 1_000_000 ? `${providers / 1_000_000}M` : `${Math.round(providers / 1000)}k`;

/** Today + `days` in Austin, `YYYY-MM-DD`. */
const dayAhead = (days: number) =>
  new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Chicago' }).format(new Date(Date.now() + days * 86_400_000));

interface Shape {
  name: string;
  query: string;
}

/** The shapes of GET /v1/services/search measured at each size. */
function searchShapes(plumbing: string): Shape[] {
  return [
    { name: 'common word', query: `text=${generatedSamples.commonWord}` },
    { name: 'rare word', query: `text=${generatedSamples.rareWord}` },
    { name: '1-letter prefix', query: 'text=t' },
    { name: '2-letter prefix', query: 'text=ta' },
    { name: '3-letter prefix', query: 'text=tay' },
    ...generatedSamples.misspelt.map((word) => ({ name: `misspelling '${word}'`, query: `text=${word}` })),
    { name: 'no match', query: `text=${generatedSamples.noMatch}` },
    { name: 'part of a name', query: `text=${generatedSamples.nameFragment}` },
    {
      name: 'filters (category, city, price, rating)',
      query: `category=${plumbing}&city=dallas&minPrice=30&maxPrice=80&minRating=4`,
    },
    { name: 'near a point by distance', query: 'lat=32.78&lng=-96.80&radiusKm=25&sort=distance' },
    { name: 'available on a date', query: `date=${dayAhead(3)}&city=austin` },
  ];
}

interface Run {
  /** Latencies of the 2xx answers, ms. */
  latencies: number[];
  answers: number;
  failures: number;
  errors: number;
  /** Status and body of the first answer that was not 2xx. */
  firstFailure?: string;
}

/** `seconds` of GET `path` with `connections` keep-alive connections; every answer's latency kept. */
function load(base: string, path: string, seconds: number, connections: number): Promise<Run> {
  const run: Run = { latencies: [], answers: 0, failures: 0, errors: 0 };
  return new Promise((resolve, reject) => {
    autocannon(
      {
        url: base,
        connections,
        duration: seconds,
        requests: [
          {
            method: 'GET',
            path,
            onResponse: (status, body) => {
              if ((status < 200 || status > 299) && run.firstFailure === undefined)
                run.firstFailure = `${status} ${body.slice(0, 400)}`;
            },
          },
        ],
        setupClient: (client) => {
          client.on('response', (status, _bytes, ms) => {
            run.answers++;
            if (status >= 200 && status <= 299) run.latencies.push(ms);
            else run.failures++;
          });
        },
      },
      (error, result) => {
        if (error) return reject(error instanceof Error ? error : new Error(String(error)));
        run.errors = result.errors + result.timeouts;
        resolve(run);
      },
    );
  });
}

/**
 * Brings the database back to rest between runs: requests a run left in flight when it stopped go
 * on in the database and would weigh on the next shape, so what still runs after 2 s is cancelled
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

/** Each shape: a warm-up second, then `BENCH_SEARCH_SECONDS` (4) measured, one line each. */
async function measureSearch(base: string, providers: number, plumbing: string, client: pg.Client, record: Record) {
  const connections = Number(process.env.BENCH_CONNECTIONS ?? 10);
  const seconds = Number(process.env.BENCH_SEARCH_SECONDS ?? 4);
  const budget = searchBudgetMs(providers);
  for (const shape of searchShapes(plumbing)) {
    const path = `/v1/services/search?${shape.query}`;
    const name = `search ${shape.name} at ${sizeLabel(providers)} providers`;
    await quiet(client);
    await load(base, path, 1, connections);
    await quiet(client);
    const run = await load(base, path, seconds, connections);
    if (run.answers === 0 && run.errors === 0) {
      record(name, `no answer within ${seconds} s on ${connections} connections (?${shape.query})`, false);
    } else if (run.failures > 0 || run.errors > 0) {
      record(
        name,
        `${run.failures} of ${run.answers} answers not 2xx, ${run.errors} errors (?${shape.query})` +
          (run.firstFailure ? `; first: ${run.firstFailure}` : ''),
        false,
      );
    } else {
      const [p50, p95, p99] = [0.5, 0.95, 0.99].map((share) => percentile(run.latencies, share));
      record(
        name,
        `p50 ${p50!.toFixed(1)} ms, p95 ${p95!.toFixed(1)} ms, p99 ${p99!.toFixed(1)} ms ` +
          `(${run.latencies.length} answers; budget p95 ≤ ${budget} ms)`,
        p95! <= budget,
      );
    }
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
  const database = await throwawayDatabase(`scale${sizeLabel(providers).toLowerCase()}`);
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
      const loaded = await generateProviders(client, providers);
      const slowest = [...loaded.steps].sort((a, b) => b.ms - a.ms).slice(0, 3);
      console.log(
        `      (loaded ${sizeLabel(providers)} providers in ${(loaded.ms / 1000).toFixed(1)} s: ` +
          `${loaded.workingHours} working hours, ${loaded.daysOff} days off, ${loaded.bookings} jobs; ` +
          `slowest ${slowest.map((s) => `${s.step} ${(s.ms / 1000).toFixed(1)} s`).join(', ')})`,
      );
      const { rows } = await client.query<{ id: string }>(
        `select id from categories where title = 'Plumbing' and archived_at is null`,
      );
      if (!rows[0]) throw new Error('the seed has no Plumbing category');
      await measureSearch(base, providers, rows[0].id, client, record);
    } finally {
      await client.end();
    }
    if (providers === exportRows) await measureExport(base, server.pid!, providers, record);
  } finally {
    await stopServer(server);
    await database.drop();
  }
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
