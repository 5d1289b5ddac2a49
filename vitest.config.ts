import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'server',
          include: ['src/server/**/*.test.ts', 'src/contract/**/*.test.ts'],
          environment: 'node',
          // Each file opens its own database; two cores run two files at a time.
          pool: 'forks',
          maxWorkers: 2,
          // A worker keeps the app's modules loaded from one file to the next: importing them costs
          // about 5 s, more than most files' tests. Files share no state but the module cache (each
          // builds its own app on its own database), and none mocks a module.
          isolate: false,
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          // The web app's pure logic (no DOM): browser globals a test needs are stubbed in it. Its
          // component tests (`*.test.tsx`) each ask for a DOM with `// @vitest-environment happy-dom`.
          name: 'web',
          include: ['src/web/**/*.test.{ts,tsx}'],
          environment: 'node',
          // The component tests build the server's app on a database of their own, as the server
          // tests do (src/web/test/harness.tsx), and give it as long.
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
});
