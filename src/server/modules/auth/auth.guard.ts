// The one mechanism every route uses to know who calls and whether that role may: a Bearer token
// is looked up (hashed) in sessions, and `requireRole(...)` refuses with 401 or 403. A guarded
// handler reads its caller through `caller(request)`.
import crypto from 'node:crypto';
import { and, eq, gt } from 'drizzle-orm';
import type { FastifyPluginAsync, FastifyRequest, onRequestHookHandler } from 'fastify';
import fp from 'fastify-plugin';
import type { Role } from '../../../contract/common.js';
import { serverError } from '../../../contract/messages.js';
import { sessions, users } from '../../db/schema.js';
import { forbidden, unauthorized } from '../../errors.js';

export interface SessionUser {
  id: string;
  role: Role;
  name: string;
  sessionId: string;
  /** When the session stops being accepted (a live stream ends then). */
  expiresAt: Date;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by `requireRole` (and `optionalUser`); null for anonymous calls. */
    user: SessionUser | null;
  }
}

export const hashToken = (token: string) => crypto.createHash('sha256').update(token).digest('hex');

function bearer(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (!header?.startsWith('Bearer ')) return undefined;
  const token = header.slice('Bearer '.length).trim();
  return token.length > 0 && token.length <= 200 ? token : undefined;
}

async function loadUser(request: FastifyRequest): Promise<SessionUser | null> {
  const token = bearer(request);
  if (!token) return null;
  const { db } = request.server.deps.database;
  const [row] = await db
    .select({
      id: users.id,
      role: users.role,
      name: users.name,
      isBlocked: users.isBlocked,
      sessionId: sessions.id,
      expiresAt: sessions.expiresAt,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.tokenHash, hashToken(token)), gt(sessions.expiresAt, new Date())))
    .limit(1);
  if (!row) return null;
  if (row.isBlocked) {
    // Blocking ends every session at once; a token seen after that is gone for good.
    await db.delete(sessions).where(eq(sessions.userId, row.id));
    throw forbidden(serverError.blocked);
  }
  return { id: row.id, role: row.role, name: row.name, sessionId: row.sessionId, expiresAt: row.expiresAt };
}

/** Refuses anonymous callers (401) and callers of another role (403). No roles: any signed-in user. */
export function requireRole(...allowed: Role[]): onRequestHookHandler {
  return async (request) => {
    const user = await loadUser(request);
    if (!user) throw unauthorized();
    if (allowed.length > 0 && !allowed.includes(user.role)) throw forbidden();
    request.user = user;
  };
}

/** Members are customers and providers. */
export const requireMember = () => requireRole('customer', 'provider');
export const requireAdmin = () => requireRole('admin');

/**
 * Who calls a route behind requireRole (requireMember, requireAdmin): the guard has set it. A
 * route that forgot its guard fails closed with 401 rather than reading a missing user.
 */
export function caller(request: FastifyRequest): SessionUser {
  if (!request.user) throw unauthorized();
  return request.user;
}

/** For public routes that show more to a signed-in caller: they read `request.user`, which may be null. */
export const optionalUser: onRequestHookHandler = async (request) => {
  request.user = await loadUser(request);
};

/** Ownership: a client-sent id that is not the caller's own is refused. */
export function assertSelf(request: FastifyRequest, userId: string) {
  if (!request.user || request.user.id !== userId) throw forbidden();
}

export const authPlugin: FastifyPluginAsync = fp(async (app) => {
  app.decorateRequest('user', null);
});
