// `npm start`: builds whatever is not built yet (or is older than its sources), then starts the
// server on the embedded database with the seed data on first start. The demo members sign in
// with codes read from the dev outbox, so it is on unless NODE_ENV=production or DEV_OUTBOX says
// otherwise. Once the server answers, it says where to go and, until the generated administrator
// has signed in, that administrator's password (DATA_DIR/first-admin.txt), last, where it is seen.
import { spawnSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';

const root = path.resolve(import.meta.dirname, '..');
const serverEntry = path.join(root, 'dist/server/server/main.js');
const webIndex = path.join(root, 'dist/web/index.html');
const pageEntry = path.join(root, 'dist/ssr/entry-server.js');

function newestMtime(dir) {
  let newest = 0;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    const time = entry.isDirectory() ? newestMtime(full) : fs.statSync(full).mtimeMs;
    if (time > newest) newest = time;
  }
  return newest;
}

const builtAt = Math.min(
  ...[serverEntry, webIndex, pageEntry].map((f) => (fs.existsSync(f) ? fs.statSync(f).mtimeMs : 0)),
);
const sourcesAt = Math.max(newestMtime(path.join(root, 'src')), fs.statSync(path.join(root, 'index.html')).mtimeMs);
if (builtAt < sourcesAt) {
  console.log('Building the web app and the server…');
  const build = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
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
for (let tries = 0; tries < 240; tries++) {
  await sleep(500);
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
