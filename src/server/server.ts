// Opens the database and the platform services from the config, then builds the app.
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import { pino } from 'pino';
import { buildApp } from './app.js';
import type { Config } from './config.js';
import { openDatabase } from './db/client.js';
import { seed } from './db/seed.js';
import { ensureFirstAdmin } from './modules/auth/auth.service.js';
import { OutboxMailer, OutboxSms, SmtpMailer } from './platform/messaging.js';
import { DiskStorage } from './platform/storage.js';
import { createLiveHub, type LiveHub } from './platform/live.js';

export interface StartOptions {
  /** Fill an empty database with the demonstration data. */
  seedIfEmpty?: boolean;
}

export async function createServer(config: Config, options: StartOptions = {}) {
  const logger: FastifyBaseLogger = pino({ level: config.LOG_LEVEL });
  const dataDir = path.resolve(config.DATA_DIR);
  const database = await openDatabase(config.DATABASE_URL ? { url: config.DATABASE_URL } : { dataDir });
  let live: LiveHub | undefined;
  try {
    await database.migrate();
    const storage = new DiskStorage(path.join(dataDir, 'uploads'));
    if (options.seedIfEmpty) {
      const summary = await seed(database.db, storage);
      if (summary) logger.info(summary, 'Empty database: added the demonstration data');
    }
    await ensureFirstAdmin(database.db, config, (line) => console.log(`\n${line}\n`));
    live = await createLiveHub(database, { onError: (err, what) => logger.error({ err }, what) });
    const outboxOptions = { production: config.NODE_ENV === 'production' };
    const app = await buildApp({
      config,
      database,
      storage,
      live,
      sms: new OutboxSms(database.db, logger, outboxOptions),
      mailer: config.SMTP_URL
        ? new SmtpMailer(config.SMTP_URL, config.MAIL_FROM)
        : new OutboxMailer(database.db, logger, outboxOptions),
      logger,
      webRoot: config.WEB_DIR ? path.resolve(config.WEB_DIR) : undefined,
    });
    const hub = live;
    app.addHook('onClose', async () => {
      await hub.close();
      await database.close();
    });
    return app;
  } catch (error) {
    await live?.close();
    await database.close();
    throw error;
  }
}
