import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { faqs, supportMessages } from './schema.js';
import { openDatabase } from './client.js';
import { projectRoot } from '../root.js';

const dirs: string[] = [];
const tempDir = () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'doorstep-db-'));
  dirs.push(dir);
  return dir;
};
const servers: ChildProcess[] = [];
afterEach(() => {
  // A server a failed test left running.
  for (const child of servers.splice(0))
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
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

  it('takes over a stale lock whose owner is gone, and serves the directory as usual', async () => {
    const dir = tempDir();
    const lockFile = path.join(dir, 'pglite.lock');
    // The pid of a process that has exited.
    const gone = spawnSync(process.execPath, ['-e', '']).pid;
    fs.writeFileSync(lockFile, String(gone));
    const database = await openDatabase({ dataDir: dir });
    expect(fs.readFileSync(lockFile, 'utf8')).toBe(String(process.pid));
    await database.migrate();
    await database.db.insert(faqs).values({ title: 'Open?', about: 'Yes' });
    expect(await database.db.select({ title: faqs.title }).from(faqs)).toEqual([{ title: 'Open?' }]);
    await database.close();
    expect(fs.existsSync(lockFile)).toBe(false);
  });

  it('keeps what the server wrote before a SIGTERM', async () => {
    const dir = tempDir();
    const env = {
      ...process.env,
      DATA_DIR: dir,
      PORT: '0',
      HOST: '127.0.0.1',
      LOG_LEVEL: 'info',
      SEED: '0',
      DATABASE_URL: '',
      ADMIN_EMAIL: 'a@doorstep.test',
      ADMIN_PASSWORD: 'Admin12345',
    };
    const child = spawn(process.execPath, ['--import', 'tsx', path.join(projectRoot, 'src/server/main.ts')], {
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    servers.push(child);
    const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    // The server logs its address once it listens.
    const base = await new Promise<string>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`server did not start: ${output}`)), 100_000);
      const check = setInterval(() => {
        const listening = /Server listening at (http:\/\/127\.0\.0\.1:\d+)/.exec(output);
        if (listening || child.exitCode !== null) {
          clearInterval(check);
          clearTimeout(timer);
          if (listening?.[1]) resolve(listening[1]);
          else reject(new Error(`server exited: ${output}`));
        }
      }, 50);
    });

    // A write through the running server, answered before the signal.
    const message = `Written before the SIGTERM ${process.pid}`;
    const sent = await fetch(`${base}/v1/services/contact`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Visitor', email: 'visitor@example.com', message }),
    });
    expect(sent.status, output).toBe(200);

    child.kill('SIGTERM');
    expect(await exited, output).toBe(0);
    expect(fs.existsSync(path.join(dir, 'pglite.lock'))).toBe(false);

    // Opened again, as the next start of the server opens it: the message is there.
    const reopened = await openDatabase({ dataDir: dir });
    const kept = await reopened.db
      .select({ name: supportMessages.name, email: supportMessages.email, message: supportMessages.message })
      .from(supportMessages);
    await reopened.close();
    expect(kept).toEqual([{ name: 'Visitor', email: 'visitor@example.com', message }]);
  }, 120_000);
});
