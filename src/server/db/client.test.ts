import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { faqs } from './schema.js';
import { openDatabase } from './client.js';
import { projectRoot } from '../root.js';

const dirs: string[] = [];
const tempDir = () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'doorstep-db-'));
  dirs.push(dir);
  return dir;
};
afterEach(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

describe('embedded database directory', () => {
  it('refuses a second opener while the first holds the directory', async () => {
    const dir = tempDir();
    const first = await openDatabase({ dataDir: dir });
    // Same process id counts as the owner; pretend another live process holds it.
    fs.writeFileSync(path.join(dir, 'pglite.lock'), String(process.ppid));
    await expect(openDatabase({ dataDir: dir })).rejects.toThrow(/in use by process/);
    fs.writeFileSync(path.join(dir, 'pglite.lock'), String(process.pid));
    await first.close();
    expect(fs.existsSync(path.join(dir, 'pglite.lock'))).toBe(false);
  });

  it('takes over a stale lock whose owner is gone', async () => {
    const dir = tempDir();
    fs.writeFileSync(path.join(dir, 'pglite.lock'), '999999');
    const database = await openDatabase({ dataDir: dir });
    await database.migrate();
    await database.close();
  });

  it('keeps data across a SIGTERM of the server', async () => {
    const dir = tempDir();
    const env = {
      ...process.env,
      DATA_DIR: dir,
      PORT: '0',
      LOG_LEVEL: 'silent',
      SEED: '0',
      DATABASE_URL: '',
      ADMIN_EMAIL: 'a@doorstep.test',
      ADMIN_PASSWORD: 'Admin12345',
    };
    const child = spawn(process.execPath, ['--import', 'tsx', path.join(projectRoot, 'src/server/main.ts')], {
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    // The first admin line shows migrations ran and the app is built.
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`server did not start: ${output}`)), 100_000);
      const check = setInterval(() => {
        if (output.includes('Admin account') || child.exitCode !== null) {
          clearInterval(check);
          clearTimeout(timer);
          setTimeout(resolve, 300);
        }
      }, 50);
    });
    child.kill('SIGTERM');
    expect(await exited, output).toBe(0);
    expect(fs.existsSync(path.join(dir, 'pglite.lock'))).toBe(false);

    const database = await openDatabase({ dataDir: dir });
    await database.db.insert(faqs).values({ title: 'Kept?', about: 'Yes' });
    await database.close();
    const reopened = await openDatabase({ dataDir: dir });
    expect(await reopened.db.select().from(faqs)).toHaveLength(1);
    await reopened.close();
  }, 120_000);
});
