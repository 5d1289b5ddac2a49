// The environment, parsed once at start by one schema: a wrong value stops start-up with a
// message that names the variable.
import { z } from 'zod';

const positiveInt = z.coerce.number().int().positive();

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
  /** Code sends per phone or email in the window (always enforced). */
  CODE_SENDS_PER_TARGET: positiveInt.default(5),
  /** Code sends per client address in the window (production mode only). */
  CODE_SENDS_PER_IP: positiveInt.default(30),
  CODE_SEND_WINDOW_MINUTES: positiveInt.default(15),
  SESSION_DAYS: positiveInt.default(30),
  /** How long public catalogue reads may be served from memory (0 turns the cache off). */
  CATALOGUE_CACHE_MS: z.coerce.number().int().min(0).default(2000),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
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
  return result.data;
}

export class ConfigError extends Error {}
