// What the scenarios share: built servers as child processes (so their memory is theirs alone and
// none shares a thread with the load loop), a throwaway PostgreSQL database, and a few figures.
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';

export type Record = (name: string, value: string, ok: boolean) => void;

/** Waits until `url` answers 2xx; answers the wait in ms. Gives up early when `server` has exited. */
export async function waitFor(url: string, timeoutMs: number, server?: ChildProcess): Promise<number> {
  const start = performance.now();
  while (performance.now() - start < timeoutMs) {
    if (server && (server.exitCode !== null || server.signalCode !== null))
      throw new Error(`the server for ${url} exited (${server.exitCode ?? server.signalCode}) before answering`);
    try {
      const response = await fetch(url);
      if (response.ok) return performance.now() - start;
    } catch {
      // not up yet
    }
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error(`${url} did not answer within ${timeoutMs} ms`);
}

/** The built server on 127.0.0.1:`port`; `env` adds to (or blanks) the bench's own environment. */
export function startServer(serverEntry: string, port: number, env: NodeJS.ProcessEnv): ChildProcess {
  return spawn(process.execPath, [serverEntry], {
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
}

/** The administrator a server on PostgreSQL creates at its start, and the scenarios sign in as. */
const benchAdmin = { email: 'bench-admin@doorstep.test', password: 'Bench12345' };

/** The built server on a PostgreSQL database, with the bench's administrator. */
export const startServerOnPostgres = (serverEntry: string, port: number, databaseUrl: string) =>
  startServer(serverEntry, port, {
    DATABASE_URL: databaseUrl,
    ADMIN_EMAIL: benchAdmin.email,
    ADMIN_PASSWORD: benchAdmin.password,
  });

/**
 * A bare Fastify answering `{ hello: 'world' }` on `port`: the floor a figure is set against. In
 * its own process, like the real server, so neither shares a thread with the load loop.
 */
export function startHelloWorld(port: number): ChildProcess {
  return spawn(
    process.execPath,
    [
      '--input-type=module',
      '-e',
      `import Fastify from 'fastify'; const app = Fastify(); app.get('/', async () => ({ hello: 'world' })); await app.listen({ port: ${port}, host: '127.0.0.1' });`,
    ],
    { cwd: path.resolve(import.meta.dirname, '..'), stdio: ['ignore', 'ignore', 'inherit'] },
  );
}

/** Requests per second, and p50 and p99 latency, for `seconds` with `connections` keep-alive connections. */
export async function throughput(
  url: string,
  seconds: number,
  connections: number,
): Promise<{ rps: number; p50: number; p99: number }> {
  const result = await autocannon({ url, connections, duration: seconds, pipelining: 1 });
  if (result.non2xx > 0 || result.errors > 0)
    throw new Error(`${url}: ${result.non2xx} non-2xx answers, ${result.errors} errors`);
  return { rps: result.requests.average, p50: result.latency.p50, p99: result.latency.p99 };
}

/** Signs the bench's administrator in at `base`: its bearer token. */
export async function benchAdminToken(base: string): Promise<string> {
  const response = await fetch(`${base}/v1/auth/adminlogin`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(benchAdmin),
  });
  return ((await response.json()) as { token: string }).token;
}

export async function stopServer(server: ChildProcess) {
  if (server.exitCode !== null || server.signalCode !== null) return;
  const exited = new Promise((resolve) => server.once('exit', resolve));
  server.kill('SIGTERM');
  await exited;
}

/** A process's resident memory in bytes (Linux). */
export function rssOf(pid: number): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  const kib = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
  return kib * 1024;
}

/**
 * A client address of its own for the `index`th simulated client, sent as X-Forwarded-For to a
 * server started with TRUST_PROXY=1: the per-address limits are for one client, not a whole bench.
 */
export const clientAddress = (index: number) => `10.${(index >> 16) & 255}.${(index >> 8) & 255}.${index & 255}`;

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Runs `task` over `items`, at most `limit` at a time; answers the results in the items' order. */
export async function inBatches<T, R>(
  items: T[],
  limit: number,
  task: (item: T, index: number) => Promise<R>,
): Promise<R[]> {
  const results: R[] = new Array(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const index = next++;
      results[index] = await task(items[index]!, index);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}

/** The value below which `share` of the sorted samples lie (nearest rank). */
export function percentile(samples: number[], share: number): number {
  if (samples.length === 0) return NaN;
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil(share * sorted.length) - 1)]!;
}

export interface ThrowawayDatabase {
  url: string;
  drop(): Promise<void>;
}

/**
 * A fresh database on the PostgreSQL at BENCH_DATABASE_URL (default the local server's `postgres`
 * database), dropped by `drop()` unless BENCH_KEEP is set; null when no server answers there.
 */
export async function throwawayDatabase(label: string): Promise<ThrowawayDatabase | null> {
  const adminUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const admin = new pg.Client({ connectionString: adminUrl });
  try {
    await admin.connect();
  } catch {
    return null;
  }
  const database = `doorstep_${label}_${process.pid}`;
  await admin.query(`create database ${database}`);
  const url = new URL(adminUrl);
  url.pathname = `/${database}`;
  return {
    url: url.toString(),
    async drop() {
      if (!process.env.BENCH_KEEP) await admin.query(`drop database if exists ${database} with (force)`);
      await admin.end();
    },
  };
}

export const noPostgres = () =>
  `no PostgreSQL at ${process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres'} (set BENCH_DATABASE_URL)`;
