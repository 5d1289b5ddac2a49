// Start-up as an operator meets it: several instances started together on one empty PostgreSQL
// database all come up with one copy of everything start-up writes, and a start-up that fails on
// a statement prints what failed without the values it carried (the first admin's password hash).
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { api } from '../contract/paths.js';
import { parseConfig } from './config.js';
import { execute, openDatabase } from './db/client.js';
import { users } from './db/schema.js';
import { loggableText } from './errors.js';
import { ensureFirstAdmin } from './modules/auth/auth.service.js';
import { projectRoot } from './root.js';
import { createServer } from './server.js';
import { emptyDatabase } from './test/databases.js';
import { createTestContext, type TestContext } from './test/harness.js';

const adminUrl = process.env.DATABASE_URL;
const admin = { email: 'boss@doorstep.test', password: 'Start-Together-9' };

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  vi.restoreAllMocks();
});

function tempDir() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'doorstep-start-'));
  cleanups.push(async () => fs.rmSync(dir, { recursive: true, force: true }));
  return dir;
}

// On PostgreSQL, instances started together on one new database; on PGlite, which one process
// at a time may open, one instance on a new data directory.
describe(`start-up on an empty database (${adminUrl ? 'PostgreSQL' : 'PGlite'})`, () => {
  it.each(adminUrl ? [2, 5] : [1])(
    '%i instance(s) all come up, with one first admin, one seed and the risk categories once',
    async (instances) => {
      let databaseUrl = '';
      if (adminUrl) {
        const database = await emptyDatabase(adminUrl);
        cleanups.push(database.drop);
        databaseUrl = database.url;
      }
      const config = parseConfig({
        NODE_ENV: 'test',
        LOG_LEVEL: 'silent',
        DATABASE_URL: databaseUrl,
        DATA_DIR: tempDir(),
        ADMIN_EMAIL: admin.email,
        ADMIN_PASSWORD: admin.password,
      });
      const printed: string[] = [];
      vi.spyOn(console, 'log').mockImplementation((line: unknown) => void printed.push(String(line)));

      const results = await Promise.allSettled(
        Array.from({ length: instances }, () => createServer(config, { seedIfEmpty: true })),
      );
      const apps = results.flatMap((result) => (result.status === 'fulfilled' ? [result.value] : []));
      cleanups.push(async () => void (await Promise.all(apps.map((app) => app.close()))));
      const failures = results.flatMap((result) => (result.status === 'rejected' ? [result.reason] : []));
      expect(failures.map((error) => loggableText(error))).toEqual([]);

      // Each instance signs the administrator in.
      for (const app of apps) {
        const res = await app.inject({ method: 'POST', url: `${api.prefix}${api.adminLogin}`, payload: admin });
        expect(res.statusCode).toBe(200);
      }
      expect(printed.filter((line) => line.includes(`Admin account ${admin.email} created`))).toHaveLength(1);

      const { db } = apps[0]!.deps.database;
      const counts = async (query: string) => (await execute<{ n: number; distinct?: number }>(db, sql.raw(query)))[0];
      expect(await counts(`select count(*)::int as n from users where role = 'admin'`)).toEqual({ n: 1 });
      expect(await counts(`select count(*)::int as n from risk_categories`)).toEqual({ n: 2 });
      // One copy of the seed: its fixed lists, each row once.
      expect(await counts(`select count(*)::int as n from categories`)).toEqual({ n: 6 });
      expect(await counts(`select count(*)::int as n from banners`)).toEqual({ n: 3 });
      const faqs = await counts(`select count(*)::int as n, count(distinct title)::int as distinct from faqs`);
      expect(faqs?.n).toBeGreaterThan(0);
      expect(faqs?.distinct).toBe(faqs?.n);
      const offers = await counts(
        `select count(*)::int as n, count(distinct (provider_id, title))::int as distinct from offers`,
      );
      expect(offers?.n).toBeGreaterThan(0);
      expect(offers?.distinct).toBe(offers?.n);
    },
    180_000,
  );
});

describe('the first admin, made three times at once without the start-up lock', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext();
  });
  afterAll(() => ctx?.close());

  it.each([
    ['from ADMIN_EMAIL', { ADMIN_EMAIL: admin.email, ADMIN_PASSWORD: admin.password }, admin.email],
    ['generated', {}, 'admin@doorstep.local'],
  ])('%s: is made once and announced once', async (_, env, email) => {
    await ctx.db.delete(users).where(eq(users.role, 'admin'));
    const config = parseConfig({ NODE_ENV: 'test', DATA_DIR: tempDir(), ...env });
    const printed: string[] = [];
    await Promise.all([1, 2, 3].map(() => ensureFirstAdmin(ctx.db, config, (line) => printed.push(line))));
    const admins = await ctx.db.select({ email: users.email }).from(users).where(eq(users.role, 'admin'));
    expect(admins).toEqual([{ email }]);
    expect(printed).toHaveLength(1);
    expect(printed[0]).toContain(email);
  });
});

describe("the generated admin's password on disk", () => {
  let ctx: TestContext;
  const dataDir = tempDir();
  beforeAll(async () => {
    ctx = await createTestContext({ DATA_DIR: dataDir });
  });
  afterAll(() => ctx?.close());

  it('is kept in DATA_DIR/first-admin.txt for the server user only, and removed at its first sign-in', async () => {
    await ctx.db.delete(users).where(eq(users.role, 'admin'));
    const printed: string[] = [];
    await ensureFirstAdmin(ctx.db, ctx.app.deps.config, (line) => printed.push(line));
    const file = path.join(dataDir, 'first-admin.txt');
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    const password = /Password: (\S+)/.exec(fs.readFileSync(file, 'utf8'))?.[1];
    expect(password).toBeDefined();
    expect(printed[0]).toContain(password);
    expect(printed[0]).toContain(file);

    const signIn = (pass: string) =>
      ctx.app.inject({
        method: 'POST',
        url: '/v1/auth/adminlogin',
        payload: { email: 'admin@doorstep.local', password: pass },
      });
    // A wrong password leaves it where it is.
    expect((await signIn(`${password}x`)).statusCode).toBe(401);
    expect(fs.existsSync(file)).toBe(true);
    const signedIn = await signIn(password!);
    expect(signedIn.statusCode, signedIn.body).toBe(200);
    expect(fs.existsSync(file)).toBe(false);
  });
});

describe('a start-up that fails on a statement', () => {
  it('prints what failed, never the administrator password, its hash or the row', async () => {
    const dataDir = tempDir();
    let databaseUrl = '';
    if (adminUrl) {
      const database = await emptyDatabase(adminUrl);
      cleanups.push(database.drop);
      databaseUrl = database.url;
    }
    // A database that refuses administrators: the first admin's insert fails at start, carrying
    // the email and the password hash as parameters (and in PostgreSQL's "Failing row" detail).
    const prepared = await openDatabase(databaseUrl ? { url: databaseUrl } : { dataDir });
    try {
      await prepared.migrate();
      await prepared.db.execute(`alter table users add constraint refuse_admins check (role <> 'admin')`);
    } finally {
      await prepared.close();
    }

    const child = spawn(process.execPath, ['--import', 'tsx', path.join(projectRoot, 'src/server/main.ts')], {
      cwd: projectRoot,
      env: {
        PATH: process.env.PATH,
        HOME: process.env.HOME,
        NODE_ENV: 'test',
        LOG_LEVEL: 'info',
        PORT: '0',
        DATA_DIR: dataDir,
        DATABASE_URL: databaseUrl,
        SEED: '0',
        ADMIN_EMAIL: admin.email,
        ADMIN_PASSWORD: admin.password,
      },
    });
    let output = '';
    child.stdout.on('data', (chunk) => (output += String(chunk)));
    child.stderr.on('data', (chunk) => (output += String(chunk)));
    const status = await new Promise<number | null>((resolve) => child.on('close', resolve));

    expect(status).toBe(1);
    // What failed is there: the statement and the constraint that refused it.
    expect(output).toContain('Doorstep could not start.');
    expect(output).toMatch(/insert into "users"/);
    expect(output).toContain('refuse_admins');
    // The values are not.
    expect(output).not.toContain(admin.password);
    expect(output).not.toContain('$argon2');
    expect(output).not.toContain(admin.email);
  }, 60_000);
});
