// GET /v1/ready: whether a load balancer should send this instance traffic. 200 when the database
// answers, its migrations are all applied and the job queue (when there is one) runs; 503 naming
// the first check that fails, and 503 from the moment shutdown begins. GET /v1/health, by
// contrast, only says the process answers.
import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import fp from 'fastify-plugin';
import { z } from 'zod';
import { failure } from '../../contract/common.js';
import { notReadyText, type ReadinessCheck } from '../../contract/messages.js';
import { api, apiPath } from '../../contract/paths.js';
import { execute, type Database } from '../db/client.js';
import { AppError } from '../errors.js';
import { projectRoot } from '../root.js';
import type { QueueHealth } from './metrics.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** From now on readiness answers 503; main.ts calls it on SIGTERM, before closing. */
    beginShutdown(): void;
  }
}

export interface ReadinessOptions {
  database: Database;
  queue?: QueueHealth;
}

/** A probe that waits longer than this counts the check as failed (a balancer would time out). */
const checkTimeoutMs = 3000;

const journalPath = path.join(projectRoot, 'src/server/db/migrations/meta/_journal.json');

/**
 * The timestamp of the newest migration this build carries. Drizzle's migrator applies the
 * migrations newer than the newest row of drizzle.__drizzle_migrations, so the database is up
 * to date when that row is at least this one.
 */
function newestMigration(): number {
  const journal = JSON.parse(fs.readFileSync(journalPath, 'utf8')) as { entries: { when: number }[] };
  return Math.max(0, ...journal.entries.map((entry) => entry.when));
}

export const readiness = fp<ReadinessOptions>(
  async (app, { database, queue }) => {
    let shuttingDown = false;
    app.decorate('beginShutdown', () => {
      shuttingDown = true;
    });
    app.addHook('preClose', async () => {
      shuttingDown = true;
    });
    const newest = newestMigration();
    // Applied migrations stay applied: once seen, the check costs nothing more.
    let migrated = false;

    async function failedCheck(log: FastifyBaseLogger): Promise<ReadinessCheck | undefined> {
      if (shuttingDown) return 'shutdown';
      try {
        await within(execute(database.db, sql`select 1`));
      } catch (error) {
        log.warn({ err: error }, 'ready: the database did not answer');
        return 'database';
      }
      if (!migrated) {
        const rows = await within(
          execute<{ applied: string | null }>(
            database.db,
            sql`select max(created_at)::text as applied from drizzle.__drizzle_migrations`,
          ),
        ).catch(() => []); // no table yet: nothing applied
        migrated = Number(rows[0]?.applied ?? 0) >= newest;
        if (!migrated) return 'migrations';
      }
      if (queue && !queue.running) return 'queue';
      return undefined;
    }

    app.get(
      apiPath(api.ready),
      {
        schema: {
          tags: ['health'],
          summary: 'Readiness for a load balancer: database, migrations, job queue, not shutting down',
          response: { 200: z.object({ status: z.literal(1) }), 503: failure },
        },
      },
      async (request) => {
        const failed = await failedCheck(request.log);
        if (failed) throw new AppError(503, notReadyText[failed], { [failed]: notReadyText[failed] });
        return { status: 1 as const };
      },
    );
  },
  { name: 'readiness' },
);

/** The promise's value, or a rejection once the check has waited too long. */
async function within<T>(promise: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${checkTimeoutMs} ms`)), checkTimeoutMs);
  });
  try {
    return await Promise.race([promise, timeout]);
  } finally {
    clearTimeout(timer);
  }
}
