// GET /v1/live: the member's live events as server-sent events (DESIGN.md §5). The token comes
// in the Authorization header (the web client reads the stream with fetch), never in the URL.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { failure } from '../../../contract/common.js';
import { liveTiming } from '../../../contract/notifications.js';
import { api } from '../../../contract/paths.js';
import { requireMember } from '../auth/auth.guard.js';
import { openEventStream } from './live.stream.js';

export const liveRoutes: FastifyPluginAsyncZod = async (app) => {
  /** The streams open on this instance: server close ends them, or it would wait for them for ever. */
  const open = new Set<() => void>();
  app.addHook('preClose', async () => {
    for (const end of [...open]) end();
  });

  app.get(
    api.liveEvents,
    {
      onRequest: requireMember(),
      schema: {
        tags: ['live'],
        security: [{ bearer: [] }],
        summary: 'Server-sent events for the caller: `message` and `notification` (JSON data with ids), `resync` after a gap',
        description: `Answers \`text/event-stream\`. Starts with \`retry: ${liveTiming.retryMs}\`; a comment line every ${liveTiming.heartbeatMs / 1000} s keeps the connection alive. Event data: message \`{_id, fromUser, toUser, createdAt}\`, notification \`{_id, kind, broadcast}\` (\`_id\` null and kind \`read\` when all were marked read).`,
        response: { 401: failure, 403: failure },
      },
    },
    (request, reply) => {
      const user = request.user!;
      reply.hijack();
      const end = openEventStream(reply.raw, (listener) => app.deps.live.subscribe(user.id, listener), {
        heartbeatMs: liveTiming.heartbeatMs,
        retryMs: liveTiming.retryMs,
        onEnd: () => open.delete(end),
      });
      open.add(end);
    },
  );
};
