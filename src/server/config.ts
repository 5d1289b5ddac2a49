// The environment, parsed once at start by one schema: a wrong value stops start-up with a
// message that names the variable.
import { z } from 'zod';

const positiveInt = z.coerce.number().int().positive();
/** A switch written `0` or `1`. */
const flag = z.enum(['0', '1'], { error: 'must be 0 or 1' }).transform((value) => value === '1');

export const configSchema = z.object({
  NODE_ENV: z
    .enum(['development', 'production', 'test'])
    .default('development')
    .describe('`production` sends HSTS, keeps codes out of the log and refuses `DEV_OUTBOX=1`'),
  PORT: z.coerce
    .number()
    .int()
    .min(0)
    .max(65535)
    .default(3000)
    .describe('HTTP port (API, web app and images on one port)'),
  HOST: z.string().default('0.0.0.0').describe('address to listen on'),
  DATA_DIR: z
    .string()
    .min(1)
    .default('./data')
    .describe('the embedded database (`pglite/`); images are kept in the database or in `S3_BUCKET`'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, { error: 'must start with postgres:// or postgresql://' })
    .optional()
    .describe('`postgres://…`: use this PostgreSQL server instead of the embedded database'),
  ADMIN_EMAIL: z
    .email()
    .optional()
    .describe(
      'the first administrator, created at start if missing (with `ADMIN_PASSWORD`); unset, the first start creates `admin@doorstep.local` with a random password, printed by `npm start` and kept in `DATA_DIR/first-admin.txt` until its first sign-in',
    ),
  ADMIN_PASSWORD: z
    .string()
    .min(8, { error: 'must have at least 8 characters' })
    .optional()
    .describe("the first administrator's password (at least 8 characters)"),
  ADMIN_TOTP_REQUIRED: flag
    .optional()
    .describe(
      '`1`: every administrator signs in with a code from an authenticator app too, and one without sets it up at sign-in; `0`: each chooses on /admin/security. Unset: required when NODE_ENV=production',
    ),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, { error: 'must start with smtp:// or smtps://' })
    .optional()
    .describe(
      '`smtp://user:pass@host:587`: deliver the outbox’s mails through it; unset, delivering a mail only logs it',
    ),
  MAIL_FROM: z.string().default('Doorstep <no-reply@doorstep.local>').describe('sender of mails'),
  /** Twilio sends the texts when its three variables are set (all or none); else they are logged. */
  TWILIO_ACCOUNT_SID: z
    .string()
    .regex(/^AC[0-9a-fA-F]{32}$/, { error: 'must be an account SID: AC and 32 hexadecimal digits' })
    .optional()
    .describe(
      'with `TWILIO_AUTH_TOKEN` and `TWILIO_FROM` (all three or none): send texts through this Twilio account instead of only logging them',
    ),
  TWILIO_AUTH_TOKEN: z.string().min(1).optional().describe("the Twilio account's auth token"),
  /** The Twilio number texts come from, in international form (+15125550100). */
  TWILIO_FROM: z
    .string()
    .regex(/^\+[1-9]\d{6,14}$/, { error: 'must be a phone number in international form, e.g. +15125550100' })
    .optional()
    .describe('the Twilio number texts come from, in international form (`+15125550100`)'),
  /** Where the Twilio client sends its requests instead of Twilio's API; only tests set it. */
  TWILIO_API_URL: z
    .url()
    .optional()
    .describe("another address for Twilio's API (a local fake in tests); unset, Twilio's own"),
  /** Stripe takes cards when its key and webhook secret are set (both or none). */
  STRIPE_SECRET_KEY: z
    .string()
    .regex(/^(sk|rk)_(test|live)_\w+$/, { error: 'must be a Stripe secret key: sk_test_… or sk_live_…' })
    .optional()
    .describe(
      'with `STRIPE_WEBHOOK_SECRET` (both or none): take cards through this Stripe account (wallet top-ups, bookings held on the card and charged on completion) and pay providers weekly to their Stripe accounts; unset, the card and payout options do not show',
    ),
  STRIPE_WEBHOOK_SECRET: z
    .string()
    .regex(/^whsec_\w+$/, { error: 'must be a webhook signing secret: whsec_…' })
    .optional()
    .describe("the signing secret of the webhook endpoint `/v1/payments/stripe/webhook` in Stripe's dashboard"),
  /** Where the Stripe client sends its requests instead of Stripe's API; only tests set it. */
  STRIPE_API_URL: z
    .url()
    .optional()
    .describe("another address for Stripe's API (a local fake in tests); unset, Stripe's own"),
  MAPBOX_TOKEN: z
    .string()
    .min(1)
    .optional()
    .describe(
      "a Mapbox access token: the booking dialog's address suggestions then come from Mapbox's geocoding (the built-in gazetteer when it is slow or fails); unset, from the gazetteer",
    ),
  /** Where the Mapbox client sends its requests instead of Mapbox's API; only tests set it. */
  MAPBOX_API_URL: z
    .url()
    .optional()
    .describe("another address for Mapbox's API (a local fake in tests); unset, Mapbox's own"),
  MAPBOX_TIMEOUT_MS: positiveInt
    .default(1500)
    .describe('milliseconds to wait for Mapbox before the gazetteer suggests instead'),
  PUBLIC_URL: z
    .url()
    .optional()
    .describe(
      "the site's address (`https://doorstep.example`): every absolute link (mails, canonical links, sitemaps) is built from it, never from a request's Host. Required when NODE_ENV=production; unset, links name `http://localhost:PORT`",
    ),
  WEB_DIR: z.string().min(1).optional().describe('the built web app to serve (unset: `dist/web` of the project)'),
  CODE_SENDS_PER_TARGET: positiveInt.default(5).describe('codes one phone or email may receive per window'),
  CODE_SENDS_PER_IP: positiveInt.default(30).describe('codes one client address may request per window'),
  CODE_SEND_WINDOW_MINUTES: positiveInt
    .default(15)
    .describe('the window of `CODE_SENDS_PER_TARGET` and `CODE_SENDS_PER_IP`, in minutes'),
  SMS_PER_HOUR: positiveInt
    .default(1000)
    .describe('texts the whole service may send for sign-up and sign-in codes in an hour'),
  SMS_PER_BLOCK_PER_HOUR: positiveInt
    .default(30)
    .describe('texts one block of 10,000 phone numbers (all digits but the last four) may receive in an hour'),
  SMS_PER_AREA_PER_HOUR: positiveInt
    .default(300)
    .describe(
      'texts one area of 10 million phone numbers (all digits but the last seven: an area code) may receive in an hour',
    ),
  SIGNIN_FAILURES_PER_ACCOUNT: positiveInt
    .default(5)
    .describe('wrong passwords per account from one client address in 15 minutes; past them each try doubles the wait'),
  SIGNIN_FAILURES_PER_ACCOUNT_ALL: positiveInt
    .default(100)
    .describe(
      'wrong passwords per account from all addresses together in 15 minutes; past them the account is refused for the rest of the window, except in browsers it has signed in from',
    ),
  SIGNIN_FAILURES_PER_IP: positiveInt
    .default(50)
    .describe('wrong passwords per client address in 15 minutes; past them each try doubles the wait'),
  TRUST_PROXY: z
    .string()
    .regex(/^(\d+|[0-9a-fA-F.:/]+(\s*,\s*[0-9a-fA-F.:/]+)*)$/, {
      error: 'must be a hop count or a comma-separated list of addresses',
    })
    .transform((value) => (/^\d+$/.test(value) ? Number(value) : value.split(',').map((part) => part.trim())))
    .optional()
    .describe(
      "unset: the client's address is the socket's and `X-Forwarded-For` is ignored. Behind a proxy: the number of proxy hops (`1` for one load balancer) or the proxies' addresses/CIDRs, comma-separated",
    ),
  REDIS_URL: z
    .string()
    .regex(/^rediss?:\/\//, { error: 'must start with redis:// or rediss://' })
    .optional()
    .describe('`redis://host:6379`: keep rate-limit counters in this Redis instead of the database'),
  /**
   * The bearer token a scraper sends for GET /metrics. Unset, /metrics answers loopback and
   * private client addresses only (so set it when a proxy without TRUST_PROXY fronts the server:
   * every client would look private).
   */
  METRICS_TOKEN: z
    .string()
    .min(16, { error: 'must have at least 16 characters' })
    .optional()
    .describe(
      '`GET /metrics` (Prometheus) asks for `Authorization: Bearer <token>`; unset, it answers loopback and private addresses only',
    ),
  S3_BUCKET: z
    .string()
    .min(1)
    .optional()
    .describe(
      'keep uploaded and seeded images in this S3 bucket (with `S3_ACCESS_KEY_ID` and `S3_SECRET_ACCESS_KEY`) instead of the database (`docs/decisions/011-media-storage.md`)',
    ),
  S3_ENDPOINT: z
    .url({ protocol: /^https?$/, error: 'must be an http:// or https:// address' })
    .optional()
    .describe('an S3-compatible server (`https://…`: MinIO, R2); unset, AWS S3'),
  S3_REGION: z.string().min(1).default('us-east-1').describe("the bucket's region"),
  S3_ACCESS_KEY_ID: z.string().min(1).optional().describe('the access key of the bucket'),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional().describe('its secret'),
  S3_FORCE_PATH_STYLE: flag
    .default(false)
    .describe('`1` names the bucket in the path (`host/bucket/key`), as most S3-compatible servers want'),
  SESSION_DAYS: positiveInt.default(30).describe('days a member session lasts (and an admin session with remember-me)'),
  CATALOGUE_CACHE_MS: z.coerce
    .number()
    .int()
    .min(0)
    .default(2000)
    .describe('milliseconds public catalogue reads may be served from memory (`0` turns the cache off)'),
  SHUTDOWN_DEADLINE_MS: positiveInt
    .default(10_000)
    .describe(
      'milliseconds a stopping server (SIGTERM or SIGINT) waits for requests, streams and jobs under way before it exits 1 anyway',
    ),
  SEARCH_TIMEOUT_MS: positiveInt
    .default(2000)
    .describe(
      'milliseconds a search statement may run on PostgreSQL before it is cancelled and the search answers 503 (PGlite has no such limit)',
    ),
  PAGE_CACHE_MS: z.coerce
    .number()
    .int()
    .min(0)
    .default(10_000)
    .describe(
      'milliseconds a public page drawn on the server may be served again from memory; any write clears them (`0` draws every time)',
    ),
  PAGE_DRAWS_PER_MINUTE: positiveInt
    .default(60)
    .describe(
      'pages one client address may have drawn on the server in a minute; past them it gets the page its browser draws',
    ),
  LOG_LEVEL: z
    .enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'])
    .default('info')
    .describe('`fatal`, `error`, `warn`, `info`, `debug`, `trace` or `silent`'),
  DEV_OUTBOX: flag
    .default(false)
    .describe(
      '`1` serves `GET /v1/dev/outbox` with every text and mail and its code, and `POST /v1/dev/bookings/{id}/elapse`, which moves a booking into the past (development and demo only; refused in production)',
    ),
  API_DOCS: flag.default(true).describe('`0` leaves out the API description at `/docs` and `/docs/json`'),
  SEED: flag
    .default(true)
    .describe('`0` keeps a fresh database empty; `1` fills it with the demonstration data at start'),
});

export type Config = z.infer<typeof configSchema>;

export function parseConfig(env: Record<string, string | undefined>): Config {
  // Empty variables count as unset, as in most .env tooling.
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== ''));
  const result = configSchema.safeParse(cleaned);
  if (!result.success) {
    const lines = result.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  if (result.data.ADMIN_EMAIL && !result.data.ADMIN_PASSWORD) {
    throw new ConfigError('Invalid configuration:\n  ADMIN_PASSWORD: required when ADMIN_EMAIL is set');
  }
  // Twilio needs all three; a partial set is a mistake, not a choice to log the texts instead.
  const twilioVariables = ['TWILIO_ACCOUNT_SID', 'TWILIO_AUTH_TOKEN', 'TWILIO_FROM'] as const;
  const twilioSet = twilioVariables.filter((name) => result.data[name] !== undefined);
  if (twilioSet.length > 0 && twilioSet.length < twilioVariables.length) {
    const lines = twilioVariables
      .filter((name) => !twilioSet.includes(name))
      .map((name) => `  ${name}: required when ${twilioSet.join(' and ')} ${twilioSet.length > 1 ? 'are' : 'is'} set`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  if (Boolean(result.data.STRIPE_SECRET_KEY) !== Boolean(result.data.STRIPE_WEBHOOK_SECRET)) {
    const missing = result.data.STRIPE_SECRET_KEY ? 'STRIPE_WEBHOOK_SECRET' : 'STRIPE_SECRET_KEY';
    const given = result.data.STRIPE_SECRET_KEY ? 'STRIPE_SECRET_KEY' : 'STRIPE_WEBHOOK_SECRET';
    throw new ConfigError(`Invalid configuration:\n  ${missing}: required when ${given} is set`);
  }
  // The bucket and its two keys come together; the other S3 settings mean nothing without them.
  const s3Variables = ['S3_BUCKET', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'] as const;
  const s3Set = [...s3Variables, 'S3_ENDPOINT', 'S3_REGION']
    .filter((name) => cleaned[name] !== undefined)
    .concat(result.data.S3_FORCE_PATH_STYLE ? ['S3_FORCE_PATH_STYLE'] : []);
  const s3Missing = s3Variables.filter((name) => result.data[name] === undefined);
  if (s3Set.length > 0 && s3Missing.length > 0) {
    const given = s3Set.join(' and ');
    const lines = s3Missing.map((name) => `  ${name}: required when ${given} ${s3Set.length > 1 ? 'are' : 'is'} set`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  if (!result.data.PUBLIC_URL && result.data.NODE_ENV === 'production') {
    throw new ConfigError(
      "Invalid configuration:\n  PUBLIC_URL: required when NODE_ENV=production (the site's links are built from it, never from a request's Host)",
    );
  }
  if (result.data.DEV_OUTBOX && result.data.NODE_ENV === 'production') {
    throw new ConfigError(
      'Invalid configuration:\n  DEV_OUTBOX: must not be 1 when NODE_ENV=production (it publishes every sign-in code)',
    );
  }
  return result.data;
}

export class ConfigError extends Error {}

/** The site's origin for absolute links: PUBLIC_URL, or this machine's port when it is unset. */
export const siteOrigin = (config: Pick<Config, 'PUBLIC_URL' | 'PORT'>) =>
  config.PUBLIC_URL?.replace(/\/+$/, '') ?? `http://localhost:${config.PORT}`;
