// Browser tests: Debian's Chromium (never a downloaded browser) against the built app served by
// the real server on a fresh embedded database with the seed data.
import fs from 'node:fs';
import { defineConfig } from '@playwright/test';
import { fakeStripeKeys } from './src/server/test/stripe.js';

const port = Number(process.env.E2E_PORT ?? 4173);
// Another build folder (inside the project) lets several people run browser tests at once.
const build = process.env.E2E_BUILD ?? 'dist';
const dataDir = `.e2e-data/${port}`;
/** The local Stripe (e2e/fake-stripe.ts): its API, its pay page and its webhooks. */
const stripePort = port + 1;
/**
 * Debian's old headless shell when it is installed: the same Chromium release without the desktop
 * browser around it, which takes about half the CPU per test of the full browser in headless mode
 * (decision 033). The full browser otherwise, or whatever CHROMIUM_PATH names.
 */
const headlessShell = '/usr/bin/chromium-headless-shell';
const chromiumPath = process.env.CHROMIUM_PATH ?? (fs.existsSync(headlessShell) ? headlessShell : '/usr/bin/chromium');
export const adminCredentials = { email: 'admin@doorstep.test', password: 'Admin12345' };
/** A second administrator, for the test that turns two-step sign-in on (the first stays one-step). */
export const twoStepAdmin = { email: 'totp-admin@doorstep.test', password: adminCredentials.password };

export default defineConfig({
  testDir: 'e2e',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  // Three on two cores: a test waits on the server and on the page's answers part of the time.
  workers: Number(process.env.E2E_WORKERS ?? 3),
  retries: process.env.CI ? 1 : 0,
  reporter: [
    ['list'],
    ['json', { outputFile: process.env.PLAYWRIGHT_JSON_OUTPUT_NAME ?? 'test-results/results.json' }],
  ],
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    screenshot: 'only-on-failure',
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: chromiumPath,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-dev-shm-usage',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
      ],
    },
  },
  webServer: [
    {
      command: 'npx tsx e2e/fake-stripe.ts',
      port: stripePort,
      reuseExistingServer: false,
      timeout: 30_000,
      stdout: 'ignore',
      stderr: 'pipe',
      env: {
        FAKE_STRIPE_PORT: String(stripePort),
        FAKE_STRIPE_WEBHOOK_URL: `http://127.0.0.1:${port}/v1/payments/stripe/webhook`,
      },
    },
    {
      command: `rm -rf ${dataDir} && node ${build}/server/server/db/cli.js add-admin ${twoStepAdmin.email} && node ${build}/server/server/main.js`,
      url: `http://127.0.0.1:${port}/v1/health`,
      reuseExistingServer: false,
      timeout: 60_000,
      stdout: 'ignore',
      stderr: 'pipe',
      env: {
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        WEB_DIR: `${build}/web`,
        NODE_ENV: 'development',
        // The journeys read sign-in codes from GET /v1/dev/outbox.
        DEV_OUTBOX: '1',
        LOG_LEVEL: 'warn',
        ADMIN_EMAIL: adminCredentials.email,
        ADMIN_PASSWORD: adminCredentials.password,
        DATABASE_URL: '',
        // Every test signs its members up from this one address: lift the per-address code budget.
        CODE_SENDS_PER_IP: '100000',
        // The seeded members sign in from several spec files, each retried once in CI: lift the
        // per-phone budget too (the server's tests check it).
        CODE_SENDS_PER_TARGET: '100000',
        SMS_PER_HOUR: '100000',
        // New phones come in sequence, so they share blocks of numbers.
        SMS_PER_BLOCK_PER_HOUR: '100000',
        SMS_PER_AREA_PER_HOUR: '100000',
        // Every page is asked for from this one address too.
        PAGE_DRAWS_PER_MINUTE: '100000',
        // Links name the address the browser uses, as a deployment's PUBLIC_URL does.
        PUBLIC_URL: `http://127.0.0.1:${port}`,
        STRIPE_SECRET_KEY: fakeStripeKeys.secretKey,
        STRIPE_WEBHOOK_SECRET: fakeStripeKeys.webhookSecret,
        STRIPE_API_URL: `http://127.0.0.1:${stripePort}`,
      },
    },
  ],
});
