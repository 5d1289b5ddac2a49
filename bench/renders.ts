// Pages drawn for every request: a server with no page cache (PAGE_CACHE_MS=0) draws `/`, a
// provider's page and a category-city page each time it is asked, reading their data through its
// own routes (whose read caches stay on, so a new query string reuses what a page reads). Budgets:
// p50 ≤ 15 ms for each page, one request at a time, and `/` drawn at ≥ 10% of a bare Fastify
// hello-world's throughput in the same run (hello-world measured just before and just after).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { publicPages } from './pages.js';
import { startHelloWorld, startServer, stopServer, throughput, waitFor, type Record } from './servers.js';

const renderP50Ms = 15;
const minShareOfHello = 0.1;

export async function renderBudgets(serverEntry: string, port: number, record: Record): Promise<void> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'doorstep-renders-'));
  const origin = `http://127.0.0.1:${port}`;
  const server = startServer(serverEntry, port, {
    DATA_DIR: dataDir,
    DATABASE_URL: '',
    PAGE_CACHE_MS: '0',
    // Every request is a draw: the per-address budget of draws must not turn them into shells.
    PAGE_DRAWS_PER_MINUTE: '100000000',
  });
  const hello = startHelloWorld(port + 1);
  try {
    await waitFor(`${origin}/v1/health`, 120_000, server);
    const pages = await publicPages(origin);
    for (const page of [pages.home, pages.provider.path, pages.categoryCity]) {
      await throughput(`${origin}${page}`, 1, 1);
      const { p50 } = await throughput(`${origin}${page}`, 3, 1);
      record(
        `uncached render of ${page} (p50, one at a time)`,
        `${p50} ms (budget ${renderP50Ms} ms)`,
        p50 <= renderP50Ms,
      );
    }
    const helloUrl = `http://127.0.0.1:${port + 1}/`;
    await waitFor(helloUrl, 10_000, hello);
    await throughput(helloUrl, 2, 50);
    const before = await throughput(helloUrl, 3, 50);
    const drawn = await throughput(`${origin}${pages.home}`, 3, 10);
    const after = await throughput(helloUrl, 3, 50);
    const base = (before.rps + after.rps) / 2;
    const share = drawn.rps / base;
    record(
      `uncached render throughput of ${pages.home}`,
      `${drawn.rps.toFixed(0)} req/s = ${(share * 100).toFixed(1)}% of hello-world ${base.toFixed(0)} req/s ` +
        `(budget ≥ ${minShareOfHello * 100}%)`,
      share >= minShareOfHello,
    );
  } finally {
    await stopServer(hello);
    await stopServer(server);
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}
