// Idempotency keys on the writes that move money (a booking, wallet moves, withdraw requests, an
// administrator's balance add): a caller sends `Idempotency-Key: <up to 100 characters>`, and a
// retry with the same key, after an answer that got lost, gets the first answer again instead of
// writing twice. Keys are per caller and kept a day. Without the header a route works as before.
import crypto from 'node:crypto';
import { and, eq, isNull, lt } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest, RouteOptions } from 'fastify';
import fp from 'fastify-plugin';
import { serverError } from '../../contract/messages.js';
import type { Db, Queryable } from '../db/client.js';
import { idempotencyKeys } from '../db/schema.js';
import { AppError } from '../errors.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The route takes an Idempotency-Key (it must know its caller: a guarded route). */
    idempotent?: boolean;
  }
  interface FastifyRequest {
    /** The key this request claimed, to store its answer under when it is sent. */
    idempotencyKey: { userId: string; key: string } | null;
  }
}

export const idempotencyHeader = 'idempotency-key';
/** A replayed answer says so. */
export const replayedHeader = 'idempotent-replayed';
const keyPattern = /^[\x21-\x7e]{1,100}$/;
const keptMs = 24 * 3_600_000;

function fingerprintOf(request: FastifyRequest): string {
  return crypto
    .createHash('sha256')
    .update(`${request.method} ${request.routeOptions.url ?? request.url}\n${JSON.stringify(request.body ?? null)}`)
    .digest('hex');
}

export const idempotency = fp<{ db: Db }>(async (app: FastifyInstance, { db }) => {
  app.decorateRequest('idempotencyKey', null);

  /** Claims the key, or answers from it: the first answer, 422 for another request, 409 while it runs. */
  const claim = async (request: FastifyRequest, reply: FastifyReply) => {
    const header = request.headers[idempotencyHeader];
    if (header === undefined) return;
    if (typeof header !== 'string' || !keyPattern.test(header)) throw new AppError(400, serverError.badIdempotencyKey);
    const userId = request.user?.id;
    if (!userId) return;
    const fingerprint = fingerprintOf(request);
    const claimed = await db
      .insert(idempotencyKeys)
      .values({ userId, key: header, fingerprint })
      .onConflictDoNothing()
      .returning({ key: idempotencyKeys.key });
    if (claimed.length > 0) {
      request.idempotencyKey = { userId, key: header };
      return;
    }
    const [first] = await db
      .select()
      .from(idempotencyKeys)
      .where(and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.key, header)));
    // Gone meanwhile (its first request failed on our side): the caller may send it again.
    if (!first) throw new AppError(409, serverError.idempotencyKeyBusy);
    if (first.fingerprint !== fingerprint) throw new AppError(422, serverError.idempotencyKeyReused);
    if (first.statusCode === null || first.response === null) throw new AppError(409, serverError.idempotencyKeyBusy);
    return reply
      .code(first.statusCode)
      .header(replayedHeader, 'true')
      .type('application/json; charset=utf-8')
      .send(first.response);
  };

  app.addHook('onRoute', (route: RouteOptions) => {
    if (!route.config?.idempotent) return;
    // Last of the route's preHandlers: after the caller is known, the input valid and the limits counted.
    route.preHandler = [...[route.preHandler ?? []].flat(), claim] as RouteOptions['preHandler'];
  });

  app.addHook('onSend', async (request, reply, payload) => {
    const claimed = request.idempotencyKey;
    if (!claimed) return payload;
    request.idempotencyKey = null;
    const mine = and(eq(idempotencyKeys.userId, claimed.userId), eq(idempotencyKeys.key, claimed.key));
    // A failure of ours is not an answer to keep: the caller's retry runs the write again.
    if (reply.statusCode >= 500 || typeof payload !== 'string') {
      await db.delete(idempotencyKeys).where(and(mine, isNull(idempotencyKeys.statusCode)));
      return payload;
    }
    await db.update(idempotencyKeys).set({ statusCode: reply.statusCode, response: payload }).where(mine);
    return payload;
  });
});

/** Keys older than a day. */
export async function purgeIdempotencyKeys(db: Queryable, now: Date): Promise<number> {
  const removed = await db
    .delete(idempotencyKeys)
    .where(lt(idempotencyKeys.createdAt, new Date(now.getTime() - keptMs)))
    .returning({ key: idempotencyKeys.key });
  return removed.length;
}
