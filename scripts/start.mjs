// `npm start`: builds whatever is not built yet (or whose sources changed since), then starts the
// server on the embedded database with the seed data on first start. The demo members sign in
// with codes read from the dev outbox, so it is on unless NODE_ENV=production or DEV_OUTBOX says
// otherwise. Once the server answers, it says where to go and, until the generated administrator
// has signed in, that administrator's password (DATA_DIR/first-admin.txt), last, where it is seen.
import { spawnSync, spawn } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';

const root = path.resolve(import.meta.dirname, '..');
const serverEntry = path.join(root, 'dist/server/server/main.js');
const webIndex = path.join(root, 'dist/web/index.html');
const pageEntry = path.join(root, 'dist/ssr/entry-server.js');
/** What the sources were at the last build this script made or found current (outside dist/web and dist/ssr, which their builds empty). */
const stampFile = path.join(root, 'dist/.build-stamp');

/**
 * What the build reads: the sources but the tests (and the migrations, which the server reads
 * from src/ as they are), the page, the public files and the build's settings. Editing a test
 * must not cost a build of half a minute.
 */
const inputDirs = ['src', 'public'];
const inputFiles = ['index.html', 'vite.config.ts', 'tsconfig.json', 'tsconfig.server.json', 'package-lock.json'];
const notInput = (relative) =>
  /\.test\.tsx?$/.test(relative) ||
  relative.startsWith(path.join('src', 'server', 'test') + path.sep) ||
  relative.startsWith(path.join('src', 'server', 'db', 'migrations') + path.sep);

/**
 * The inputs' names, sizes and times, hashed, and the newest time among them. Only their
 * metadata is read (about 10 ms for 700 files): the hash changes when a file is edited, added,
 * removed or renamed, which the newest time alone misses for the last two.
 */
function sources() {
  const hash = crypto.createHash('sha256');
  let newest = 0;
  const add = (relative) => {
    const stat = fs.statSync(path.join(root, relative));
    if (stat.isDirectory()) {
      for (const name of fs.readdirSync(path.join(root, relative)).sort()) {
        const child = path.join(relative, name);
        if (!notInput(child)) add(child);
      }
      return;
    }
    hash.update(`${relative}\0${stat.size}\0${stat.mtimeMs}\n`);
    if (stat.mtimeMs > newest) newest = stat.mtimeMs;
  };
  for (const input of [...inputDirs, ...inputFiles]) if (fs.existsSync(path.join(root, input))) add(input);
  return { stamp: hash.digest('hex'), newest };
}

const readStamp = () => (fs.existsSync(stampFile) ? fs.readFileSync(stampFile, 'utf8').trim() : undefined);
const builtAt = Math.min(
  ...[serverEntry, webIndex, pageEntry].map((f) => (fs.existsSync(f) ? fs.statSync(f).mtimeMs : 0)),
);
const { stamp, newest } = sources();
// Current: the sources are as at the last build (the stamp), or, without a stamp (a build made
// by hand), the build is newer than every source; the stamp is then written for next time.
if (builtAt > 0 && (readStamp() === stamp || builtAt >= newest)) {
  if (readStamp() !== stamp) fs.writeFileSync(stampFile, `${stamp}\n`);
} else {
  console.log('Building the web app and the server…');
  const build = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
  // What the build read; a source changed while it ran makes the next start build again.
  fs.writeFileSync(stampFile, `${stamp}\n`);
}

const devOutbox = process.env.DEV_OUTBOX ?? (process.env.NODE_ENV === 'production' ? '0' : '1');
const server = spawn(process.execPath, ['--enable-source-maps', serverEntry], {
  cwd: root,
  stdio: 'inherit',
  env: { ...process.env, DEV_OUTBOX: devOutbox },
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code) => process.exit(code ?? 0));

const port = process.env.PORT ?? '3000';
const firstAdmin = path.resolve(root, process.env.DATA_DIR ?? 'data', 'first-admin.txt');
// Asked often: the server answers within a few seconds, and each ask costs it nothing.
for (let tries = 0; tries < 1200; tries++) {
  await sleep(100);
  const healthy = await globalThis.fetch(`http://127.0.0.1:${port}/v1/health`).then(
    (response) => response.ok,
    () => false,
  );
  if (!healthy) continue;
  console.log(`\nDoorstep is ready at http://localhost:${port}`);
  if (fs.existsSync(firstAdmin)) {
    console.log(
      `\nAdministrator sign-in at http://localhost:${port}/login (kept in ${firstAdmin} until its first sign-in):\n` +
        fs.readFileSync(firstAdmin, 'utf8'),
    );
  }
  break;
}
