// The development outbox: every text and mail kept, newest first, codes included. Registered
// only when DEV_OUTBOX=1, which the config refuses in production.
import { desc, eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { outboxItem, outboxQuery } from '../../../contract/auth.js';
import { api } from '../../../contract/paths.js';
import { outbox } from '../../db/schema.js';

export const outboxRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    api.devOutbox,
    {
      schema: {
        tags: ['dev'],
        summary: 'Texts and mails sent to a phone or email (development only)',
        querystring: outboxQuery,
        response: { 200: z.object({ status: z.literal(1), data: z.array(outboxItem) }) },
      },
    },
    async (request) => {
      const to = request.query.to.toLowerCase();
      const rows = await app.deps.database.db
        .select({
          to: outbox.to,
          channel: outbox.channel,
          subject: outbox.subject,
          body: outbox.body,
          code: outbox.code,
          createdAt: outbox.createdAt,
        })
        .from(outbox)
        .where(eq(outbox.to, to))
        .orderBy(desc(outbox.createdAt))
        .limit(50);
      return { status: 1 as const, data: rows.map((row) => ({ ...row, createdAt: row.createdAt.toISOString() })) };
    },
  );
};
