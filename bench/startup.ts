// Start of a built server on a database it has already migrated and seeded, to its first answer
// on /v1/health: the median of 5 starts, ≤ 3 s on PGlite and ≤ 1.5 s on PostgreSQL. Such a start
// runs no migration, seed or queue schema again (src/server/db/client.ts). A bare Fastify started
// the same way, in the same run, is printed beside each figure: what this machine takes to start
// any server at all.
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { api, apiPath } from '../src/contract/paths.js';
import { noPostgres, percentile, startServer, stopServer, throwawayDatabase, waitFor, type Record } from './servers.js';

export const startBudgetsMs = { pglite: 3000, postgres: 1500 } as const;
const starts = 5;

/**
 * `starts` starts of `start()`, each timed from its spawn to the first 2xx at `url` and stopped,
 * but the last when `keepLast` (the caller goes on with it).
 */
export async function timedStarts(
  start: () => ChildProcess,
  url: string,
  keepLast = false,
): Promise<{ ms: number[]; server?: ChildProcess }> {
  const ms: number[] = [];
  for (let run = 0; run < starts; run++) {
    const server = start();
    try {
      ms.push(await waitFor(url, 30_000, server));
    } catch (error) {
      await stopServer(server);
      throw error;
    }
    if (keepLast && run === starts - 1) return { ms, server };
    await stopServer(server);
  }
  return { ms };
}

/** A bare Fastify answering `/v1/health`, as the bench's servers are started: the machine's floor. */
async function bareFastifyMs(port: number): Promise<number> {
  const script = `import Fastify from 'fastify'; const app = Fastify(); app.get('${apiPath(api.health)}', async () => ({ status: 1 })); await app.listen({ port: ${port}, host: '127.0.0.1' });`;
  const root = path.resolve(import.meta.dirname, '..');
  const { ms } = await timedStarts(
    () =>
      spawn(process.execPath, ['--input-type=module', '-e', script], {
        cwd: root,
        stdio: ['ignore', 'ignore', 'inherit'],
      }),
    `http://127.0.0.1:${port}${apiPath(api.health)}`,
  );
  return percentile(ms, 0.5);
}

/** Records one start-up budget: the median against `budgetMs`, the runs and the bare Fastify's median. */
export async function recordStarts(record: Record, engine: string, ms: number[], budgetMs: number, floorPort: number) {
  const median = percentile(ms, 0.5);
  const floor = await bareFastifyMs(floorPort);
  record(
    `start of a built server to first answer, migrated ${engine} (median of ${ms.length})`,
    `${median.toFixed(0)} ms (runs ${ms.map((one) => one.toFixed(0)).join(', ')}; bare Fastify ${floor.toFixed(0)} ms) ` +
      `(budget ${budgetMs} ms)`,
    median <= budgetMs,
  );
}

/** The PostgreSQL budget on a throwaway database: a first start migrates and seeds it, then 5 are timed. */
export async function postgresStartBudget(serverEntry: string, port: number, record: Record) {
  const database = await throwawayDatabase('start');
  if (!database) {
    record('start of a built server to first answer, migrated PostgreSQL', noPostgres(), false);
    return;
  }
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'doorstep-bench-start-'));
  const env = { DATABASE_URL: database.url, DATA_DIR: dataDir };
  const health = `http://127.0.0.1:${port}${apiPath(api.health)}`;
  try {
    const first = startServer(serverEntry, port, env);
    try {
      await waitFor(health, 120_000, first);
    } finally {
      await stopServer(first);
    }
    const { ms } = await timedStarts(() => startServer(serverEntry, port, env), health);
    await recordStarts(record, 'PostgreSQL', ms, startBudgetsMs.postgres, port);
  } finally {
    await database.drop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}
