import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { configTable, readmePath, tableEnd, tableStart, withConfigTable } from '../../scripts/config-table.js';
import { ConfigError, parseConfig } from './config.js';

describe('config', () => {
  it('has the documented defaults', () => {
    const config = parseConfig({});
    expect(config).toMatchObject({ PORT: 3000, DATA_DIR: './data', NODE_ENV: 'development' });
    expect(config.DATABASE_URL).toBeUndefined();
  });

  it('stops with a message naming the wrong variable', () => {
    expect(() => parseConfig({ PORT: 'abc' })).toThrow(ConfigError);
    expect(() => parseConfig({ PORT: 'abc' })).toThrow(/PORT/);
    expect(() => parseConfig({ DATABASE_URL: 'mysql://x' })).toThrow(/DATABASE_URL: must start with postgres/);
    expect(() => parseConfig({ NODE_ENV: 'staging' })).toThrow(/NODE_ENV/);
    expect(() => parseConfig({ ADMIN_EMAIL: 'a@b.co' })).toThrow(/ADMIN_PASSWORD/);
  });

  it('takes Twilio with all three of its variables, or none', () => {
    const twilio = {
      TWILIO_ACCOUNT_SID: `AC${'0123456789abcdef'.repeat(2)}`,
      TWILIO_AUTH_TOKEN: 'token',
      TWILIO_FROM: '+15125550199',
    };
    expect(parseConfig(twilio)).toMatchObject(twilio);
    expect(parseConfig({}).TWILIO_ACCOUNT_SID).toBeUndefined();
    expect(() => parseConfig({ ...twilio, TWILIO_FROM: '' })).toThrow(
      /TWILIO_FROM: required when TWILIO_ACCOUNT_SID and TWILIO_AUTH_TOKEN are set/,
    );
    expect(() => parseConfig({ TWILIO_AUTH_TOKEN: 'token' })).toThrow(/TWILIO_ACCOUNT_SID: required/);
    expect(() => parseConfig({ ...twilio, TWILIO_ACCOUNT_SID: 'SK123' })).toThrow(/TWILIO_ACCOUNT_SID: must be/);
    expect(() => parseConfig({ ...twilio, TWILIO_FROM: '5125550199' })).toThrow(/TWILIO_FROM: must be a phone/);
    expect(() => parseConfig({ TWILIO_API_URL: 'not a url' })).toThrow(/TWILIO_API_URL/);
  });

  it('takes Stripe with its key and webhook secret together, or neither', () => {
    const stripe = { STRIPE_SECRET_KEY: 'sk_test_abc123', STRIPE_WEBHOOK_SECRET: 'whsec_abc123' };
    expect(parseConfig(stripe)).toMatchObject(stripe);
    expect(parseConfig({}).STRIPE_SECRET_KEY).toBeUndefined();
    expect(() => parseConfig({ STRIPE_SECRET_KEY: stripe.STRIPE_SECRET_KEY })).toThrow(
      /STRIPE_WEBHOOK_SECRET: required when STRIPE_SECRET_KEY is set/,
    );
    expect(() => parseConfig({ STRIPE_WEBHOOK_SECRET: stripe.STRIPE_WEBHOOK_SECRET })).toThrow(
      /STRIPE_SECRET_KEY: required when STRIPE_WEBHOOK_SECRET is set/,
    );
    expect(() => parseConfig({ ...stripe, STRIPE_SECRET_KEY: 'pk_test_abc' })).toThrow(/STRIPE_SECRET_KEY: must be/);
    expect(() => parseConfig({ ...stripe, STRIPE_API_URL: 'not a url' })).toThrow(/STRIPE_API_URL/);
  });

  it('treats empty variables as unset', () => {
    expect(parseConfig({ DATABASE_URL: '', PORT: '' }).PORT).toBe(3000);
  });
});

describe('the configuration table in README.md', () => {
  it('is what `npm run docs:config` writes from the schema', () => {
    const readme = fs.readFileSync(readmePath, 'utf8');
    // The markers and what lies between them, so a difference shows as rows.
    const written = readme.slice(readme.indexOf(tableStart), readme.indexOf(tableEnd) + tableEnd.length);
    expect(written, 'README.md is out of date: run `npm run docs:config`').toBe(withConfigTable(written));
  });

  it('shows every variable with its default as the environment writes it', () => {
    const table = configTable();
    expect(table).toContain('| `PORT` | `3000` | HTTP port');
    expect(table).toContain('| `DATABASE_URL` | — | ');
    // Switches are parsed to booleans; the table shows what to write.
    expect(table).toContain('| `DEV_OUTBOX` | `0` | ');
    expect(table).toContain('| `SEED` | `1` | ');
    expect(parseConfig({ SEED: '0' }).SEED).toBe(false);
  });

  it('refuses a variable without a description', () => {
    const schema = z.object({ DESCRIBED: z.string().optional().describe('a value'), BARE: z.string().optional() });
    expect(() => configTable(schema)).toThrow(/these have none: BARE$/);
  });
});
