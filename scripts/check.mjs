// `npm run check`: everything CI checks — the typecheck, lint (with the import boundary rules), the
// format check and the commit messages, side by side (each is one process, mostly on one core),
// then every test (`scripts/test.mjs`). Each static check counts as one test, so the last line
// `N passed, N failed` covers all of it.
import { spawn } from 'node:child_process';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const checks = [
  ['typecheck', 'npx', ['tsc', '-p', 'tsconfig.json', '--noEmit']],
  ['lint', 'npx', ['eslint', '--max-warnings=0', '.']],
  ['format', 'npx', ['prettier', '--check', '--log-level=warn', '.']],
  // Every commit since the rule began (scripts/commit-message.mjs).
  ['commit messages', 'node', ['scripts/commit-message.mjs', '--since', '93c93a9d9f13ceeffaf41f6a510c0e2352a36f15']],
];

/** Runs a command with its output kept, and resolves with its exit status and that output. */
function collect(command, args) {
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.on('close', (status) => resolve({ status, output }));
  });
}

let passed = 0;
let failed = 0;
// Run together, printed one after another in the order above.
const results = await Promise.all(checks.map(([, command, args]) => collect(command, args)));
for (const [index, [name, command, args]] of checks.entries()) {
  const { status, output } = results[index];
  console.log(`\n$ ${command} ${args.join(' ')}`);
  if (output) process.stdout.write(output);
  console.log(`${name}: ${status === 0 ? 'passed' : 'FAILED'}`);
  if (status === 0) passed += 1;
  else failed += 1;
}

// The tests print their own `N passed, N failed` last; pass their output through and add it up.
let tail = '';
const tests = spawn('node', [path.join(root, 'scripts/test.mjs')], {
  cwd: root,
  stdio: ['inherit', 'pipe', 'inherit'],
});
tests.stdout.on('data', (chunk) => {
  process.stdout.write(chunk);
  // The last line may arrive split over two chunks: keep the end of the output, not of a chunk.
  tail = (tail + String(chunk)).slice(-4096);
});
const status = await new Promise((resolve) => tests.on('close', resolve));
const last = tail.trim().split('\n').pop() ?? '';
const counts = /^(\d+) passed, (\d+) failed(?:, (\d+) skipped)?/.exec(last);
if (counts) {
  passed += Number(counts[1]);
  failed += Number(counts[2]);
} else failed += 1;
if (status !== 0 && failed === 0) failed = 1;
const skipped = Number(counts?.[3] ?? 0);
console.log(`${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
process.exit(failed === 0 ? 0 : 1);
