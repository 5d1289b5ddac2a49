// Opens the database and the platform services from the config, then builds the app.
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { buildApp } from './app.js';
import type { Config } from './config.js';
import { execute, openDatabase, type Db, type MigrationRun } from './db/client.js';
import { categories, users } from './db/schema.js';
import { ensureFirstAdmin } from './modules/auth/auth.service.js';
import { defineJobs, jobNames } from './jobs.js';
import { JobQueue } from './platform/jobs.js';
import { createTransports } from './platform/messaging.js';
import { createLogger } from './platform/logger.js';
import { createPlaces } from './platform/places-mapbox.js';
import { createStorage } from './platform/storage.js';
import { createLiveHub, type LiveHub } from './platform/live.js';
import { createPayments } from './platform/stripe.js';

export interface StartOptions {
  /** Fill an empty database with the demonstration data. */
  seedIfEmpty?: boolean;
  /** Run the queue's jobs in this instance (default); false for one that only serves requests. */
  work?: boolean;
  /**
   * Leave the workers to the caller's `jobs.startWorkers()`: main.ts starts them once it listens,
   * so their first runs (on PGlite, in this one thread) come after the first answer.
   */
  deferWorkers?: boolean;
}

export async function createServer(config: Config, options: StartOptions = {}) {
  const logger: FastifyBaseLogger = createLogger(config.LOG_LEVEL);
  const dataDir = path.resolve(config.DATA_DIR);
  const database = await openDatabase(config.DATABASE_URL ? { url: config.DATABASE_URL } : { dataDir });
  let live: LiveHub | undefined;
  let jobs: JobQueue | undefined;
  try {
    const storage = await createStorage(config, database.db);
    live = await createLiveHub(database, { onError: (err, what) => logger.error({ err }, what) });
    jobs = new JobQueue(database, {
      work: options.work ?? true,
      onError: (err) => logger.error({ err }, 'job queue'),
    });
    // One Stripe client for the routes and the jobs (the library loads only when a key is set).
    const payments = await createPayments(config);
    defineJobs(jobs, { db: database.db, config, transports: createTransports(config, logger), log: logger, payments });
    const queue = jobs;
    // Built while the start-up statements below run: building is this process's own work, the
    // statements mostly wait on the database. Nothing is served before both are done (main.ts
    // listens once this returns), and building reads nothing from the database.
    const building = buildApp({
      config,
      database,
      storage,
      live,
      jobs,
      payments,
      logger,
      places: createPlaces(config, (err) => logger.warn({ err }, 'Mapbox suggestions failed; the gazetteer answered')),
      webRoot: config.WEB_DIR ? path.resolve(config.WEB_DIR) : undefined,
    });
    // Awaited below; a failure meanwhile must not count as unhandled.
    building.catch(() => undefined);
    let migrations: MigrationRun;
    try {
      // Every start-up write, after the migrations and under their lock: instances starting
      // together on one empty database take turns, so one seeds and makes the first admin and the
      // others find them. Each write checks what is there itself too. The queue's start writes its
      // schema, queues and schedules, which deadlock when several instances create them at once.
      migrations = await database.migrate(async () => {
        // The seed (its pictures, sharp) is loaded only for a database that has nothing yet; it
        // checks again itself, under its own lock.
        if (options.seedIfEmpty && (await looksEmpty(database.db))) {
          const { seed } = await import('./db/seed.js');
          const summary = await seed(database.db, storage);
          if (summary) logger.info(summary, 'Empty database: added the demonstration data');
        }
        await ensureFirstAdmin(database.db, config, (line) => console.log(`\n${line}\n`));
        // What came due while no instance ran (requests to expire, reminders, mails) goes now.
        await queue.start([jobNames.bookings, jobNames.deliver], { workers: false });
      });
    } catch (error) {
      await building.then(
        (app) => app.close(),
        () => undefined,
      );
      throw error;
    }
    const app = await building;
    logger.info(migrations === 'applied' ? 'Migrations applied' : 'Migrations unchanged since the last start: skipped');
    // The workers last: their first runs (what came due while no instance ran) would otherwise
    // take turns with the start-up statements and the building above (on PGlite, one connection
    // in this one thread).
    if (!options.deferWorkers) await queue.startWorkers();
    const hub = live;
    app.addHook('onClose', async () => {
      // Jobs running here finish first: they write to the database and publish to the hub.
      await queue.stop();
      await hub.close();
      await database.close();
    });
    return app;
  } catch (error) {
    await jobs?.stop();
    await live?.close();
    await database.close();
    throw error;
  }
}

/** No category and no member but administrators, as the seed's own check counts; each stops at its first row. */
async function looksEmpty(db: Db): Promise<boolean> {
  const [row] = await execute<{ empty: boolean }>(
    db,
    sql`select not exists (select 1 from ${categories}) and not exists (select 1 from ${users} where ${users.role} <> 'admin') as empty`,
  );
  return row?.empty === true;
}
