// Reads the config, builds the app, listens; closes the database cleanly on SIGTERM/SIGINT,
// even when the signal arrives while the server is still starting.
import { ConfigError, parseConfig } from './config.js';
import { createServer } from './server.js';

async function main() {
  const config = parseConfig(process.env);
  const starting = createServer(config, { seedIfEmpty: process.env.SEED !== '0' });
  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
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
