// GET /v1/live: the member's live events as server-sent events. The token comes
// in the Authorization header (the web client reads the stream with fetch), never in the URL.
// A stream lives no longer than the session that opened it: it ends when that session is deleted
// (logout, a block, a password reset: the hub hears it from every instance) or expires.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { failure } from '../../../contract/common.js';
import { liveTiming } from '../../../contract/notifications.js';
import { api } from '../../../contract/paths.js';
import { caller, requireMember } from '../auth/auth.guard.js';
import { sessionIsOpen } from './live.service.js';
import { openEventStream, type EndStream } from './live.stream.js';

/**
 * Open streams one member may hold on one instance. The web client holds one per browser (the
 * other tabs share it), so more are most likely connections a phone or laptop left behind
 * without closing; a 6th ends the oldest rather than being refused: the newest connection is the
 * one certainly in use, and a refusal would leave the member without live updates until the
 * forgotten ones time out. Each instance counts its own streams.
 */
export const maxStreamsPerMember = 5;

/** The streams open on this instance, oldest first for each member. */
class OpenStreams {
  private readonly byMember = new Map<string, EndStream[]>();

  /** Adds a stream, ending the member's oldest ones beyond the cap. */
  add(userId: string, end: EndStream) {
    let list = this.byMember.get(userId);
    if (!list) this.byMember.set(userId, (list = []));
    list.push(end);
    while (list.length > maxStreamsPerMember) list.shift()?.();
  }

  remove(userId: string, end: EndStream) {
    const list = this.byMember.get(userId);
    if (!list) return;
    const at = list.indexOf(end);
    if (at >= 0) list.splice(at, 1);
    if (list.length === 0) this.byMember.delete(userId);
  }

  /** The server is shutting down: each client is told to reconnect (to another instance). */
  endAll() {
    for (const list of [...this.byMember.values()]) for (const end of [...list]) end('shutdown');
  }
}

export const liveRoutes: FastifyPluginAsyncZod = async (app) => {
  const open = new OpenStreams();
  // Server close ends the streams, or it would wait for them for ever; it runs before the server
  // stops listening, so the clients' reconnections go to the other instances.
  app.addHook('preClose', async () => open.endAll());

  app.get(
    api.liveEvents,
    {
      // A HEAD would open a stream that never answers: only GET streams.
      exposeHeadRoute: false,
      onRequest: requireMember(),
      schema: {
        tags: ['live'],
        security: [{ bearer: [] }],
        summary:
          'Server-sent events for the caller: `message`, `messagesRead` (a thread the caller read, in any tab) and `notification` (JSON data with ids), `resync` after a gap',
        description: `Answers \`text/event-stream\`. Starts with \`retry: ${liveTiming.retryMs}\`; a comment line every ${liveTiming.heartbeatMs / 1000} s keeps the connection alive. Event data: message \`{_id, fromUser, toUser, createdAt}\`, notification \`{_id, kind, broadcast}\` (\`_id\` null and kind \`read\` when all were marked read). The stream ends when the session that opened it ends (logout, block, password reset, expiry); a member holds at most ${maxStreamsPerMember} streams per server, a newer one ends the oldest. A server shutting down sends \`event: reconnect\` (after a \`retry:\` line) and ends the stream: reconnect then.`,
        response: { 401: failure, 403: failure },
      },
    },
    (request, reply) => {
      const user = caller(request);
      const { live, database } = app.deps;
      reply.hijack();
      let end: EndStream = () => {};
      // Watching before anything else: a session deleted from here on ends the stream.
      const stopWatching = live.watchSession(user.sessionId, () => end());
      /** A deletion before the watch began, or during a gap in LISTEN (then `resync`), was not heard: ask. */
      const confirmSession = () => {
        sessionIsOpen(database.db, user.sessionId).then(
          (isOpen) => {
            if (!isOpen) end();
          },
          (error: unknown) => request.log.error({ err: error }, 'live: could not check the session'),
        );
      };
      end = openEventStream(
        reply.raw,
        (listener) =>
          live.subscribe(user.id, (event) => {
            listener(event);
            if (event.type === 'resync') confirmSession();
          }),
        {
          heartbeatMs: liveTiming.heartbeatMs,
          retryMs: liveTiming.retryMs,
          endsAt: user.expiresAt,
          onEnd: () => {
            stopWatching();
            open.remove(user.id, end);
          },
        },
      );
      open.add(user.id, end);
      confirmSession();
    },
  );
};
