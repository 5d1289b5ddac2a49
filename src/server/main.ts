// Reads the config, builds the app, listens; closes the database cleanly on SIGTERM/SIGINT,
// even when the signal arrives while the server is still starting.
import { ConfigError, parseConfig } from './config.js';
import { loggableText } from './errors.js';
import { createServer } from './server.js';

async function main() {
  const config = parseConfig(process.env);
  // A request, stream or job that does not end in time must not keep a stopping server alive.
  const shutdownDeadlineMs = config.SHUTDOWN_DEADLINE_MS;
  const starting = createServer(config, { seedIfEmpty: config.SEED, deferWorkers: true });
  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    // The deadline counts from the signal, a start still under way included.
    let logError = (line: string) => console.error(line);
    setTimeout(() => {
      logError(`${signal}: still closing after ${shutdownDeadlineMs / 1000} s, exiting`);
      process.exit(1);
    }, shutdownDeadlineMs);
    const app = await starting.catch(() => undefined);
    if (app) logError = (line) => app.log.error(line);
    app?.log.info(`${signal}: closing`);
    // Readiness answers 503 from here. close() then tells each live stream to reconnect and ends
    // it, stops listening (new connections are refused), waits for the requests under way, and
    // runs the onClose hooks of server.ts: the job queue stops, then the hub and the database.
    app?.beginShutdown();
    await app?.close();
    process.exit(0);
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));
  const app = await starting;
  if (closing) return;
  await app.listen({ port: config.PORT, host: config.HOST });
  // After the first answer can be given; a stop begun meanwhile leaves them off.
  await app.deps.jobs.startWorkers();
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError) console.error(error.message);
  // A statement that failed at start (the first admin's insert, say) is printed without the
  // values it carried: they can be a password hash.
  else console.error(`Doorstep could not start.\n${loggableText(error)}`);
  process.exit(1);
});
