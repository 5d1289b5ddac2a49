// A start on a database already migrated with this very set of migrations does not run the
// migrator again (the set's hash is kept on drizzle's own table); a changed set does run it, and
// instances starting together on one database still apply it once.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { parseConfig } from './config.js';
import { execute, migrationsFolder, openDatabase, type Database, type DatabaseTarget } from './db/client.js';
import { createServer } from './server.js';
import { emptyDatabase } from './test/databases.js';

const adminUrl = process.env.DATABASE_URL;

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  vi.restoreAllMocks();
});

function tempDir() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'doorstep-restart-'));
  cleanups.push(async () => fs.rmSync(dir, { recursive: true, force: true }));
  return dir;
}

/** A new empty database on the test server (dropped after the test), or a new PGlite directory. */
async function newDatabase(): Promise<{ target: DatabaseTarget; env: Record<string, string> }> {
  const dataDir = tempDir();
  if (!adminUrl) return { target: { dataDir }, env: { DATABASE_URL: '', DATA_DIR: dataDir } };
  const database = await emptyDatabase(adminUrl);
  cleanups.push(database.drop);
  return { target: { url: database.url }, env: { DATABASE_URL: database.url, DATA_DIR: dataDir } };
}

/** The app's migrations and one more after them, which creates the table `restart_probe`. */
function migrationsWithProbe(): string {
  const folder = path.join(tempDir(), 'migrations');
  fs.cpSync(migrationsFolder, folder, { recursive: true });
  const journalFile = path.join(folder, 'meta/_journal.json');
  const journal = JSON.parse(fs.readFileSync(journalFile, 'utf8')) as {
    entries: { idx: number; version: string; when: number; tag: string; breakpoints: boolean }[];
  };
  const last = journal.entries.at(-1)!;
  journal.entries.push({ ...last, idx: last.idx + 1, when: last.when + 1000, tag: '9999_restart_probe' });
  fs.writeFileSync(journalFile, JSON.stringify(journal, null, 2));
  fs.writeFileSync(path.join(folder, '9999_restart_probe.sql'), 'CREATE TABLE "restart_probe" ("id" integer);');
  return folder;
}

const appliedRows = async (database: Database) =>
  (await execute<{ n: number }>(database.db, sql`select count(*)::int as n from drizzle.__drizzle_migrations`))[0]!.n;

const hasProbe = async (database: Database) =>
  (await execute<{ found: string | null }>(database.db, sql`select to_regclass('restart_probe')::text as found`))[0]!
    .found !== null;

/** Opens the database, runs `use`, closes it. */
async function withDatabase<T>(
  target: DatabaseTarget,
  use: (database: Database) => Promise<T>,
  folder?: string,
): Promise<T> {
  const database = await openDatabase(target, { migrationsFolder: folder });
  try {
    return await use(database);
  } finally {
    await database.close();
  }
}

describe(`restarting on a migrated database (${adminUrl ? 'PostgreSQL' : 'PGlite'})`, () => {
  it('does not run the migrations again while they are unchanged, and runs a changed set', async () => {
    const { target, env } = await newDatabase();
    const config = parseConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', SEED: '0', ...env });
    // The first start's generated administrator.
    vi.spyOn(console, 'log').mockImplementation(() => undefined);
    /** A start of the server, as main.ts starts it but for listening: its readiness's status. */
    const start = async () => {
      const app = await createServer(config);
      try {
        return (await app.inject({ method: 'GET', url: '/v1/ready' })).statusCode;
      } finally {
        await app.close();
      }
    };

    // The first start on the empty database migrates it.
    expect(await start()).toBe(200);
    const journal = JSON.parse(fs.readFileSync(path.join(migrationsFolder, 'meta/_journal.json'), 'utf8')) as {
      entries: { when: number }[];
    };
    const newest = Math.max(...journal.entries.map((entry) => entry.when));
    // A trap: the newest migration's row taken away. The migrator, had it run, would apply that
    // migration again (failing on what it made) and write its row back.
    const taken = await withDatabase(target, async (database) => {
      expect(await appliedRows(database)).toBe(journal.entries.length);
      return execute<{ hash: string }>(
        database.db,
        sql`delete from drizzle.__drizzle_migrations where created_at = ${newest} returning hash`,
      );
    });
    expect(taken).toHaveLength(1);

    // The second start comes up without running it: the row is still missing (which readiness,
    // reading the rows, reports).
    expect(await start()).toBe(503);
    await withDatabase(target, async (database) => {
      expect(await appliedRows(database)).toBe(journal.entries.length - 1);
      await database.db.execute(
        sql`insert into drizzle.__drizzle_migrations (hash, created_at) values (${taken[0]!.hash}, ${newest})`,
      );
      // Unchanged, asked directly.
      expect(await database.migrate()).toBe('unchanged');
    });

    // A new migration: the migrator runs and applies it, once.
    const withProbe = migrationsWithProbe();
    await withDatabase(
      target,
      async (database) => {
        expect(await hasProbe(database)).toBe(false);
        expect(await database.migrate()).toBe('applied');
        expect(await hasProbe(database)).toBe(true);
        expect(await appliedRows(database)).toBe(journal.entries.length + 1);
        expect(await database.migrate()).toBe('unchanged');
      },
      withProbe,
    );
    // Any other set, an older one included, runs the migrator (which finds nothing to apply).
    await withDatabase(target, async (database) => {
      expect(await database.migrate()).toBe('applied');
      expect(await appliedRows(database)).toBe(journal.entries.length + 1);
    });
  }, 180_000);

  it.skipIf(!adminUrl)(
    'instances starting together on a changed set: one runs the migrator, the others find its hash',
    async () => {
      const { target } = await newDatabase();
      await withDatabase(target, (database) => database.migrate());
      const withProbe = migrationsWithProbe();
      const databases = await Promise.all([1, 2, 3].map(() => openDatabase(target, { migrationsFolder: withProbe })));
      cleanups.push(async () => void (await Promise.all(databases.map((database) => database.close()))));

      const runs = await Promise.all(databases.map((database) => database.migrate()));

      expect(runs.sort()).toEqual(['applied', 'unchanged', 'unchanged']);
      expect(await hasProbe(databases[0]!)).toBe(true);
      const rows = await execute<{ n: number }>(
        databases[0]!.db,
        sql`select count(*)::int as n from drizzle.__drizzle_migrations where created_at = (select max(created_at) from drizzle.__drizzle_migrations)`,
      );
      expect(rows).toEqual([{ n: 1 }]);
    },
    120_000,
  );
});
