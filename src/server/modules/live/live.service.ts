// What GET /v1/live asks the database: whether the session that opened a stream still holds.
import { and, eq, gt } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { sessions } from '../../db/schema.js';

/** The session exists and has not expired (the same test as the auth guard's). */
export async function sessionIsOpen(db: Db, sessionId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: sessions.id })
    .from(sessions)
    .where(and(eq(sessions.id, sessionId), gt(sessions.expiresAt, new Date())))
    .limit(1);
  return row !== undefined;
}
