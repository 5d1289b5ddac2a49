// The environment, parsed once at start by one schema: a wrong value stops start-up with a
// message that names the variable.
import { z } from 'zod';

const positiveInt = z.coerce.number().int().positive();
/** A switch written `0` or `1`. */
const flag = z.enum(['0', '1'], { error: 'must be 0 or 1' }).transform((value) => value === '1');

export const configSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, { error: 'must start with postgres:// or postgresql://' })
    .optional(),
  ADMIN_EMAIL: z.email().optional(),
  ADMIN_PASSWORD: z.string().min(8, { error: 'must have at least 8 characters' }).optional(),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, { error: 'must start with smtp:// or smtps://' })
    .optional(),
  MAIL_FROM: z.string().default('Doorstep <no-reply@doorstep.local>'),
  PUBLIC_URL: z.url().optional(),
  /** The built web app to serve (default: dist/web of the project). */
  WEB_DIR: z.string().min(1).optional(),
  /** Code sends per phone or email in the window. */
  CODE_SENDS_PER_TARGET: positiveInt.default(5),
  /** Code sends per client address in the window. */
  CODE_SENDS_PER_IP: positiveInt.default(30),
  CODE_SEND_WINDOW_MINUTES: positiveInt.default(15),
  /** Texts all sign-up and sign-in code sends may cost together in an hour. */
  SMS_PER_HOUR: positiveInt.default(1000),
  /** Wrong passwords per account, and per address, in 15 minutes before sign-in waits (doubling). */
  SIGNIN_FAILURES_PER_ACCOUNT: positiveInt.default(5),
  SIGNIN_FAILURES_PER_IP: positiveInt.default(50),
  /**
   * Which proxies' X-Forwarded-For to believe: unset, the socket's address is the client's; a
   * number, that many proxy hops; otherwise a comma-separated list of proxy addresses or CIDRs.
   */
  TRUST_PROXY: z
    .string()
    .regex(/^(\d+|[0-9a-fA-F.:/]+(\s*,\s*[0-9a-fA-F.:/]+)*)$/, {
      error: 'must be a hop count or a comma-separated list of addresses',
    })
    .transform((value) => (/^\d+$/.test(value) ? Number(value) : value.split(',').map((part) => part.trim())))
    .optional(),
  /** `redis://…`: keep rate-limit counters in this Redis instead of the database. */
  REDIS_URL: z
    .string()
    .regex(/^rediss?:\/\//, { error: 'must start with redis:// or rediss://' })
    .optional(),
  SESSION_DAYS: positiveInt.default(30),
  /** How long public catalogue reads may be served from memory (0 turns the cache off). */
  CATALOGUE_CACHE_MS: z.coerce.number().int().min(0).default(2000),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** `1` serves GET /v1/dev/outbox (every text and mail with its code); never in production. */
  DEV_OUTBOX: flag.default(false),
  /** `0` leaves out /docs and /docs/json. */
  API_DOCS: flag.default(true),
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
  if (result.data.DEV_OUTBOX && result.data.NODE_ENV === 'production') {
    throw new ConfigError(
      'Invalid configuration:\n  DEV_OUTBOX: must not be 1 when NODE_ENV=production (it publishes every sign-in code)',
    );
  }
  return result.data;
}

export class ConfigError extends Error {}
