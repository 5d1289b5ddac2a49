// A fresh migrated database per test file: PGlite in memory, or a new database on the
// PostgreSQL server named by DATABASE_URL (dropped afterwards), so runs never collide.
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { and, desc, eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, expect } from 'vitest';
import type { ErrorCode } from '../../contract/errors.js';
import { serverError } from '../../contract/messages.js';
import { buildApp, type App } from '../app.js';
import { parseConfig, type Config } from '../config.js';
import { migrationsFolder, openDatabase, type Database } from '../db/client.js';
import { advisoryLocks } from '../db/locks.js';
import { outbox } from '../db/schema.js';
import { defineJobs } from '../jobs.js';
import { deliverDue } from '../platform/delivery.js';
import { JobQueue } from '../platform/jobs.js';
import { createLogger } from '../platform/logger.js';
import { createTransports } from '../platform/messaging.js';
import { DatabaseStorage, type Storage } from '../platform/storage.js';
import { createLiveHub, type LiveHub } from '../platform/live.js';
import { createPayments, type Payments } from '../platform/stripe.js';
import { projectRoot } from '../root.js';

export interface TestContext {
  app: App;
  database: Database;
  db: Database['db'];
  config: Config;
  live: LiveHub;
  jobs: JobQueue;
  /** The PostgreSQL database of this file (to open a second instance on it); undefined on PGlite. */
  databaseUrl?: string;
  /** The images of this file's app (in its database): `count()` tells what is stored. */
  storage: Storage;
  /** A temporary folder of this file (web roots), removed on close. */
  uploadsDir: string;
  close(): Promise<void>;
}

const silentLog = {
  info() {},
  warn() {},
  error() {},
  debug() {},
  trace() {},
  fatal() {},
  child() {
    return silentLog;
  },
  level: 'silent',
  silent() {},
} as never;

export interface TestOptions {
  /** The built web app to serve (an index.html and assets); none by default. */
  webRoot?: string;
  /** The app's logger (a pino writing to memory, to read the log lines); silent by default. */
  logger?: FastifyBaseLogger;
}

export async function createTestContext(
  env: Record<string, string> = {},
  options: TestOptions = {},
): Promise<TestContext> {
  const adminUrl = process.env.DATABASE_URL;
  let dropDatabase = async () => {};
  let database: Database;
  let databaseUrl: string | undefined;
  if (adminUrl) {
    const name = `doorstep_t_${crypto.randomBytes(6).toString('hex')}`;
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    const copy = async () => admin.query(`create database ${name} template ${await migratedTemplate(adminUrl)}`);
    await copy().catch((error: { code?: string }) => {
      if (error.code !== '3D000') throw error;
      // Another checkout's run, on other migrations, has just dropped this one's template.
      template = undefined;
      return copy();
    });
    await admin.end();
    const url = new URL(adminUrl);
    url.pathname = `/${name}`;
    databaseUrl = url.toString();
    database = await openDatabase({ url: databaseUrl });
    dropDatabase = async () => {
      const client = new pg.Client({ connectionString: adminUrl });
      await client.connect();
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
    };
  } else {
    database = await openDatabase({ memory: true, image: await migratedImage() });
  }
  // On a copy of the migrated image or template this finds every migration applied and returns.
  await database.migrate();
  // Tests read what they just wrote: no catalogue cache unless a test asks for one.
  // The dev outbox is where tests read the codes a member receives (never in production).
  const devOutbox = env.NODE_ENV === 'production' ? { PUBLIC_URL: 'https://doorstep.test' } : { DEV_OUTBOX: '1' };
  const config = parseConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', CATALOGUE_CACHE_MS: '0', ...devOutbox, ...env });
  const uploadsDir = fs.mkdtempSync(path.join(os.tmpdir(), 'doorstep-uploads-'));
  const live = await createLiveHub(database, { onError: () => {} });
  const storage = new DatabaseStorage(database.db);
  // The queue is there, as in production, but runs nothing: a test drives the jobs it needs
  // itself, with its own clock (deliverDue, expireStaleRequests, remindDue).
  const log = options.logger ?? silentLog;
  const payments = await createPayments(config);
  const jobs = queueOf(database, config, log, payments);
  await jobs.start();
  const app = await buildApp({
    config,
    database,
    storage,
    jobs,
    payments,
    live,
    webRoot: options.webRoot ?? path.join(uploadsDir, 'no-web'),
    logger: options.logger,
  });
  await app.ready();
  return {
    app,
    database,
    db: database.db,
    config,
    live,
    databaseUrl,
    storage,
    uploadsDir,
    jobs,
    async close() {
      await app.close();
      await jobs.stop();
      await live.close();
      await database.close();
      await dropDatabase();
      fs.rmSync(uploadsDir, { recursive: true, force: true });
    },
  };
}

/**
 * This file's (or `describe` block's) app on a database of its own, opened before its tests and
 * closed after them: `const ctx = withApp();` then `ctx.app`, `ctx.db`… inside tests and hooks
 * registered after it. Used before it is open or after it is closed, it throws.
 */
export function withApp(env: Record<string, string> = {}, options: TestOptions = {}): TestContext {
  let current: TestContext | undefined;
  beforeAll(async () => {
    current = await createTestContext(env, options);
  });
  afterAll(async () => {
    await current?.close();
    current = undefined;
  });
  return new Proxy({} as TestContext, {
    get(_target, property) {
      if (!current) throw new Error('the test context is used outside the tests and hooks it was opened for');
      return Reflect.get(current, property) as unknown;
    },
  });
}

/** The app's job queue on `database`, sending only (a test drives the jobs it needs itself). */
function queueOf(database: Database, config: Config, log: FastifyBaseLogger, payments: Payments | null): JobQueue {
  const jobs = new JobQueue(database, { work: false, onError: () => {} });
  defineJobs(jobs, { db: database.db, config, transports: createTransports(config, log), log, payments });
  return jobs;
}

/**
 * Migrates a new database and starts the job queue on it once, so that a copy of it also holds
 * the queue's schema and queues: otherwise every test file's start would write them again (about
 * a tenth of a second each).
 */
async function prepareCopy(database: Database) {
  await database.migrate();
  const config = parseConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent' });
  const jobs = queueOf(database, config, silentLog, await createPayments(config));
  await jobs.start();
  await jobs.stop();
}

/** The migrations' contents, PGlite's and pg-boss's versions, hashed: what a migrated copy is named by. */
const migrationsHash = (() => {
  let memo: string | undefined;
  return () => {
    if (memo) return memo;
    const hash = crypto.createHash('sha256');
    for (const name of ['@electric-sql/pglite', 'pg-boss'])
      hash.update(fs.readFileSync(path.join(projectRoot, 'node_modules', name, 'package.json')));
    for (const file of fs.readdirSync(migrationsFolder, { recursive: true, encoding: 'utf8' }).sort()) {
      const full = path.join(migrationsFolder, file);
      if (fs.statSync(full).isFile()) hash.update(file).update(fs.readFileSync(full));
    }
    return (memo = hash.digest('hex').slice(0, 16));
  };
})();

/**
 * A PGlite data directory with every migration applied, as a tarball shared by all test files
 * of all workers: opening a copy takes about a second, where creating a cluster and migrating
 * it takes five. Named by the migrations' hash, so a new migration or engine builds a new one;
 * written under a temporary name and renamed, so a worker never reads one half written.
 */
async function migratedImage(): Promise<Blob> {
  const file = path.join(os.tmpdir(), `doorstep-pglite-${migrationsHash()}.tar`);
  if (!fs.existsSync(file)) {
    const database = await openDatabase({ memory: true });
    await prepareCopy(database);
    const image = await database.pglite!.dumpDataDir('none');
    await database.close();
    const partial = `${file}.${process.pid}`;
    fs.writeFileSync(partial, Buffer.from(await image.arrayBuffer()));
    fs.renameSync(partial, file);
  }
  return new Blob([fs.readFileSync(file)]);
}

/** The template this worker found or built (its files follow one another in it). */
let template: Promise<string> | undefined;

/**
 * The PostgreSQL counterpart: a migrated database on the server that each test file's database
 * is created from (`create database … template`, a file copy of a tenth of a second where
 * migrating takes half a second). Built once by whichever worker comes first, under a lock on
 * the server, and named by the migrations' hash; the templates of older migrations are dropped.
 * Nothing stays connected to it, as a template requires.
 */
function migratedTemplate(adminUrl: string): Promise<string> {
  // A failure is not kept: the next file asks again.
  return (template ??= findOrBuildTemplate(adminUrl).catch((error: unknown) => {
    template = undefined;
    throw error;
  }));
}

async function findOrBuildTemplate(adminUrl: string): Promise<string> {
  const name = `doorstep_template_${migrationsHash()}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query('select pg_advisory_lock($1)', [advisoryLocks.testTemplate]);
    const { rowCount } = await admin.query('select 1 from pg_database where datname = $1', [name]);
    if (rowCount) return name;
    const { rows } = await admin.query<{ datname: string }>(
      "select datname from pg_database where datname like 'doorstep\\_template\\_%'",
    );
    for (const { datname } of rows) await admin.query(`drop database if exists ${datname} with (force)`);
    const partial = `${name}_partial`;
    await admin.query(`create database ${partial}`);
    const url = new URL(adminUrl);
    url.pathname = `/${partial}`;
    const database = await openDatabase({ url: url.toString() });
    await prepareCopy(database);
    await database.close();
    await admin.query(`alter database ${partial} rename to ${name}`);
    return name;
  } finally {
    await admin.end();
  }
}

/**
 * Runs the outbox delivery now, through the transports the context's config chooses (the log
 * transport by default), as the queue's worker would: the test context's queue runs nothing.
 */
export function deliverOutbox(ctx: TestContext, now = new Date()) {
  return deliverDue(ctx.db, createTransports(ctx.config, ctx.app.log), now, () => {}, {
    keepCodes: ctx.config.DEV_OUTBOX,
  });
}

/** The newest code texted or mailed to `to`, read from the outbox as a member would read their phone. */
export async function lastCode(ctx: TestContext, to: string): Promise<string> {
  const [row] = await ctx.db
    .select({ code: outbox.code })
    .from(outbox)
    .where(and(eq(outbox.to, to.toLowerCase())))
    .orderBy(desc(outbox.createdAt))
    .limit(1);
  if (!row?.code) throw new Error(`no code was sent to ${to}`);
  return row.code;
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

type Answered = { statusCode: number; json(): unknown };

/**
 * A call failed as the client sees it: its HTTP status, then the error envelope with this code and
 * message (and field errors, where a form has them); `label` names the call in a failure.
 */
export function expectFailure(
  res: Answered,
  status: number,
  failure: { code: ErrorCode; message: string; errors?: Record<string, unknown> },
  label?: string,
) {
  expect(res.statusCode, label).toBe(status);
  expect(res.json()).toEqual({ status: 0, ...failure, requestId: expect.any(String) });
}

/** A call answered as the client sees it: 200, then the success envelope with these fields (message, data…). */
export function expectSuccess(res: Answered, body: Record<string, unknown>, label?: string) {
  expect(res.statusCode, label).toBe(200);
  expect(res.json()).toEqual({ status: 1, ...body });
}

const refusals = {
  401: { code: 'unauthorized', message: serverError.unauthorized },
  403: { code: 'forbidden', message: serverError.forbidden },
} as const;
/** A call refused: 401 (no session) or 403 (not this caller's), with its code and message. */
export const expectRefused = (res: Answered, status: 401 | 403, label?: string) =>
  expectFailure(res, status, refusals[status], label);

/** An administrator's call as others send it: refused to a visitor (401) and to a member (403). */
export async function expectAdminOnly(
  send: (token: string | null) => Promise<Answered>,
  memberToken: string,
  label?: string,
) {
  expectRefused(await send(null), 401, label);
  expectRefused(await send(memberToken), 403, label);
}

export type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

/**
 * The requests a test file sends through `inject`, as one caller: each takes a session token
 * (null: nobody signed in) and otherwise uses the file's default caller, read at send time so a
 * token made in `beforeAll` counts. `injectAs(() => ctx, () => adminToken)`.
 */
export function injectAs(ctx: () => TestContext, defaultToken: () => string | null = () => null) {
  const send = (method: Method, url: string, payload: unknown, token: string | null | undefined) => {
    const who = token === undefined ? defaultToken() : token;
    return ctx().app.inject({
      method,
      url,
      ...(payload === undefined ? {} : { payload: payload as object }),
      headers: who ? bearer(who) : {},
    });
  };
  return {
    send,
    get: (url: string, token?: string | null) => send('GET', url, undefined, token),
    post: (url: string, payload: unknown, token?: string | null) => send('POST', url, payload, token),
    put: (url: string, payload: unknown, token?: string | null) => send('PUT', url, payload, token),
    del: (url: string, token?: string | null) => send('DELETE', url, undefined, token),
  };
}

let addressCounter = 0;
/**
 * A client address of its own (10.x.y.z) for `inject`'s remoteAddress: per-address rate limits
 * then count each simulated client apart, as they would count real ones.
 */
export function clientAddress(): string {
  addressCounter += 1;
  return `10.${(addressCounter >> 16) & 255}.${(addressCounter >> 8) & 255}.${addressCounter & 255}`;
}

/**
 * The process's logger (platform/logger.ts, its serializers included) writing its JSON lines to
 * memory instead of stdout, for a test to read what an operator would.
 */
export function memoryLogger() {
  const lines: string[] = [];
  const logger = createLogger('info', { write: (line: string) => void lines.push(line) });
  return {
    logger,
    lines,
    text: () => lines.join(''),
    records: () => lines.map((line) => JSON.parse(line) as Record<string, unknown>),
  };
}

/** Waits (briefly, polling) for something delivered asynchronously: by a live stream, a hub or a job. */
export async function until(check: () => boolean | Promise<boolean>, ms = 5000, what = 'condition') {
  const start = Date.now();
  while (!(await check())) {
    if (Date.now() - start > ms) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}
