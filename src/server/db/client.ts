// One database API over two engines: embedded PGlite (default, in DATA_DIR or in memory for
// tests) and a PostgreSQL server (DATABASE_URL). Both speak the PostgreSQL dialect.
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Extension, PGlite } from '@electric-sql/pglite';
import { sql, type SQL } from 'drizzle-orm';
import { readMigrationFiles } from 'drizzle-orm/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { loggableText } from '../errors.js';
import { projectRoot } from '../root.js';
import { advisoryLocks } from './locks.js';
import * as schema from './schema.js';

export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
/** A transaction has the same query API as the database. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
/** A database or a transaction: what a function that only queries takes, so it joins its caller's transaction. */
export type Queryable = Db | Tx;

/**
 * The rows of a raw statement (sql`…`), on either engine: pg and PGlite both answer
 * `{ rows }`. Values of bigint columns and of count() or sum() come back as text.
 */
export async function execute<Row extends Record<string, unknown>>(db: Queryable, query: SQL): Promise<Row[]> {
  const { rows } = (await db.execute(query)) as { rows?: unknown };
  if (!Array.isArray(rows)) throw new Error('The database driver answered a statement without rows');
  return rows as Row[];
}

/** The one row a statement must return (an insert's `returning`, a row it just read): none is a bug. */
export function one<Row>(rows: readonly Row[]): Row {
  const [row] = rows;
  if (row === undefined) throw new Error('The statement returned no row');
  return row;
}

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** For LISTEN/NOTIFY and other raw needs. */
  pool?: pg.Pool;
  pglite?: PGlite;
  /**
   * Applies the migrations, then runs `startup` (seed, first admin: every start-up write) before
   * letting go. On PostgreSQL both run under the migrations advisory lock, so instances starting
   * together take turns and each finds what the one before it wrote. Answers whether the migrator
   * ran: on a database last migrated with this very set of migrations it does not.
   */
  migrate(startup?: () => Promise<void>): Promise<MigrationRun>;
  /**
   * The database for statements that must give up after `timeoutMs` (search): on PostgreSQL a
   * small pool of its own whose sessions have that statement_timeout, so a statement over it is
   * cancelled in the server (57014) without a round trip more per request. PGlite has no timer
   * to cancel with: its one connection is answered as is.
   */
  bounded(timeoutMs: number): Db;
  close(): Promise<void>;
}

/**
 * Where the data lives. In memory, `image` (a `dumpDataDir` tarball) starts the database from a
 * copy instead of an empty cluster: the tests open one migrated image per file.
 */
export type DatabaseTarget = { url: string } | { dataDir: string } | { memory: true; image?: Blob };

export const migrationsFolder = path.join(projectRoot, 'src/server/db/migrations');

/** `applied`: the migrator ran (and applied what was new); `unchanged`: the database was last migrated with this set, so it did not. */
export type MigrationRun = 'applied' | 'unchanged';

export interface OpenOptions {
  /** Another set of migrations than the app's (tests of a new migration). */
  migrationsFolder?: string;
}

export async function openDatabase(target: DatabaseTarget, options: OpenOptions = {}): Promise<Database> {
  const migrations = new MigrationSet(options.migrationsFolder ?? migrationsFolder);
  if ('url' in target) return openPostgres(target.url, migrations);
  if ('dataDir' in target) return openPglite(migrations, target.dataDir);
  return openPglite(migrations, undefined, target.image);
}

/**
 * The migrations this build carries, named by one hash of what the migrator reads (each file's
 * hash and time). After a run the hash is written as the comment of drizzle's own table, so it
 * goes wherever that table goes (a restore, a drop); a start that finds its own hash there skips
 * the migrator and its statements. Any other comment, or none, runs the migrator as before.
 */
class MigrationSet {
  private memo: string | undefined;

  constructor(readonly folder: string) {}

  get hash(): string {
    if (this.memo) return this.memo;
    const hash = crypto.createHash('sha256');
    for (const migration of readMigrationFiles({ migrationsFolder: this.folder }))
      hash.update(`${migration.folderMillis} ${migration.hash}\n`);
    return (this.memo = `migration set ${hash.digest('hex')}`);
  }

  /** Whether `db` was last migrated with this set: one read of the catalog. */
  async isCurrent(db: Db): Promise<boolean> {
    const [row] = await execute<{ stored: string | null }>(
      db,
      sql`select obj_description(to_regclass('drizzle.__drizzle_migrations'), 'pg_class') as stored`,
    );
    return row?.stored === this.hash;
  }

  /**
   * After the migrator succeeded. COMMENT takes no parameters; the hash is hex and fixed words.
   * Only the table's owner may comment on it: a role that did not create it goes on running the
   * migrator at every start, as before, rather than failing to start.
   */
  async remember(db: Db): Promise<void> {
    await db.execute(sql.raw(`comment on table drizzle.__drizzle_migrations is '${this.hash}'`)).catch(() => undefined);
  }
}

async function openPostgres(url: string, migrations: MigrationSet): Promise<Database> {
  const pool = new pg.Pool({ connectionString: url, max: 20 });
  // An idle connection the server drops (restart, failover) must not crash the process: the pool
  // replaces it on the next query.
  pool.on('error', (error) => console.error(`PostgreSQL connection error: ${loggableText(error)}`));
  // Fail fast with a clear message rather than on the first request.
  await pool.query('select 1').catch(async (error: Error) => {
    await pool.end();
    throw new Error(`Cannot connect to PostgreSQL at DATABASE_URL: ${error.message}`);
  });
  // The drivers' database types differ only in their raw result type, which execute() reads:
  // the app sees both as Db. This cast and PGlite's below are the only ones.
  const db = drizzlePg(pool, { schema }) as unknown as Db;
  const bounded = new Map<number, { pool: pg.Pool; db: Db }>();
  return {
    db,
    kind: 'postgres',
    pool,
    bounded(timeoutMs) {
      let known = bounded.get(timeoutMs);
      if (!known) {
        const boundedPool = new pg.Pool({ connectionString: url, max: 8, statement_timeout: timeoutMs });
        boundedPool.on('error', (error) => console.error(`PostgreSQL connection error: ${loggableText(error)}`));
        known = { pool: boundedPool, db: drizzlePg(boundedPool, { schema }) as unknown as Db };
        bounded.set(timeoutMs, known);
      }
      return known.db;
    },
    async migrate(startup) {
      // Two instances starting at once: the advisory lock lets one migrate and write its start-up
      // rows while the other waits. The lock is the session's, held on this one connection; the
      // work runs on the pool's others. The set is compared under the lock, so the one that
      // waited finds the hash the first wrote and skips the migrator.
      const client = await pool.connect();
      try {
        await client.query('select pg_advisory_lock($1)', [advisoryLocks.migrations]);
        let run: MigrationRun = 'unchanged';
        if (!(await migrations.isCurrent(db))) {
          const { migrate } = await import('drizzle-orm/node-postgres/migrator');
          await migrate(db as never, { migrationsFolder: migrations.folder });
          await migrations.remember(db);
          run = 'applied';
        }
        await startup?.();
        return run;
      } finally {
        await client.query('select pg_advisory_unlock($1)', [advisoryLocks.migrations]).catch(() => undefined);
        client.release();
      }
    },
    close: async () => {
      await Promise.all([pool.end(), ...[...bounded.values()].map((known) => known.pool.end())]);
    },
  };
}

/**
 * PGlite 0.5 instantiates the wasm modules of all its extensions at once while it opens, and
 * which finishes first decides the outcome: in about one open in five (more on a busy machine)
 * pg_trgm's `%` then matches nothing and the next statement spins forever inside PostgreSQL's
 * error handling. With Emscripten's wasm decoding switched off, each module is instead loaded
 * when PostgreSQL first opens its library (CREATE EXTENSION, or the first call), one at a time.
 */
const loadOneByOne: Extension = {
  name: 'load-one-by-one',
  setup: async (_pg, emscriptenOpts) => ({ emscriptenOpts: { ...emscriptenOpts, noWasmDecoding: true } }),
};

async function openPglite(migrations: MigrationSet, dataDir: string | undefined, image?: Blob): Promise<Database> {
  let release = () => {};
  if (dataDir) {
    fs.mkdirSync(dataDir, { recursive: true });
    release = lockDataDir(dataDir);
  }
  // Loaded here, not at the top: a server on PostgreSQL never needs them.
  const [
    { PGlite },
    { btree_gist },
    { cube },
    { earthdistance },
    { fuzzystrmatch },
    { pg_trgm },
    { unaccent },
    { drizzle: drizzlePglite },
  ] = await Promise.all([
    import('@electric-sql/pglite'),
    import('@electric-sql/pglite/contrib/btree_gist'),
    import('@electric-sql/pglite/contrib/cube'),
    import('@electric-sql/pglite/contrib/earthdistance'),
    import('@electric-sql/pglite/contrib/fuzzystrmatch'),
    import('@electric-sql/pglite/contrib/pg_trgm'),
    import('@electric-sql/pglite/contrib/unaccent'),
    import('drizzle-orm/pglite'),
  ]);
  // PGlite loads a contrib extension only when the client is opened with it; the migrations
  // then create them as on PostgreSQL (search: distances, trigrams, accents, edit distance;
  // bookings: btree_gist for the exclusion constraint).
  const client = await PGlite.create({
    ...(dataDir ? { dataDir: path.join(dataDir, 'pglite') } : {}),
    ...(image ? { loadDataDir: image } : {}),
    extensions: { btree_gist, cube, earthdistance, pg_trgm, unaccent, fuzzystrmatch, loadOneByOne },
  });
  // As for pg above: one Db type over both drivers.
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  return {
    db,
    kind: 'pglite',
    pglite: client,
    bounded: () => db,
    // One process per data directory (lockDataDir): nothing to take turns with.
    async migrate(startup) {
      let run: MigrationRun = 'unchanged';
      if (!(await migrations.isCurrent(db))) {
        const { migrate } = await import('drizzle-orm/pglite/migrator');
        await migrate(db as never, { migrationsFolder: migrations.folder });
        await migrations.remember(db);
        run = 'applied';
      }
      await startup?.();
      return run;
    },
    async close() {
      if (!client.closed) {
        // PGlite does not sync every commit: a checkpoint makes the files whole before exit.
        if (dataDir) await client.exec('CHECKPOINT').catch(() => undefined);
        await client.close();
      }
      release();
    },
  };
}

/**
 * PGlite is single-process: a second process on the same directory would corrupt it.
 * The lock file holds the owner's pid; a stale lock (owner gone) is taken over.
 */
function lockDataDir(dataDir: string): () => void {
  const lockPath = path.join(dataDir, 'pglite.lock');
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      fs.writeFileSync(lockPath, String(process.pid), { flag: 'wx' });
      return () => fs.rmSync(lockPath, { force: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const owner = Number(fs.readFileSync(lockPath, 'utf8'));
      if (owner && owner !== process.pid && isAlive(owner)) {
        throw new Error(
          `The data directory ${dataDir} is in use by process ${owner}. Stop it first, or set DATA_DIR to another directory.`,
        );
      }
      fs.rmSync(lockPath, { force: true });
    }
  }
  throw new Error(`Could not lock the data directory ${dataDir}.`);
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
