// Reads the config, builds the app, listens; closes the database cleanly on SIGTERM/SIGINT,
// even when the signal arrives while the server is still starting.
import { ConfigError, parseConfig } from './config.js';
import { purgeUnverifiedSignups } from './modules/auth/auth.housekeeping.js';
import { purgeExpiredLimits } from './platform/rate-limit.js';
import { createServer } from './server.js';

const hour = 3_600_000;

async function main() {
  const config = parseConfig(process.env);
  const starting = createServer(config, { seedIfEmpty: process.env.SEED !== '0' });
  // Hourly: sign-ups never verified stop holding their phone and email after a day; rate-limit
  // counters whose window has passed go.
  const housekeeping = setInterval(() => {
    void starting.then(
      async (app) => {
        const { db } = app.deps.database;
        const now = new Date();
        try {
          const [signups, counters] = await Promise.all([purgeUnverifiedSignups(db, now), purgeExpiredLimits(db, now)]);
          if (signups + counters > 0) app.log.info({ signups, counters }, 'housekeeping: purged');
        } catch (error) {
          app.log.error({ err: error }, 'housekeeping failed');
        }
      },
      () => undefined, // a failed start is reported below
    );
  }, hour);
  housekeeping.unref();
  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    clearInterval(housekeeping);
    const app = await starting.catch(() => undefined);
    app?.log.info(`${signal}: closing`);
    await app?.close();
    process.exit(0);
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));
  const app = await starting;
  if (!closing) await app.listen({ port: config.PORT, host: config.HOST });
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError) console.error(error.message);
  else console.error(error);
  process.exit(1);
});
