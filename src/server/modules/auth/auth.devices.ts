// Known devices (the device-cookie pattern): a browser that has signed in to an account carries a
// random token in an HttpOnly cookie. The per-account locks, which a stranger can set off from
// anywhere, spare that browser, so an owner keeps getting in while their account is attacked.
import crypto from 'node:crypto';
import { and, desc, eq, notInArray } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { knownDevices, users } from '../../db/schema.js';
import { hashToken } from './auth.guard.js';

export const deviceCookie = 'doorstep_device';
export const deviceCookieDays = 180;
declare module 'fastify' {
  interface FastifyRequest {
    /** On the sign-in routes: the account this browser's device cookie belongs to, if any. */
    device: DeviceAccount | null;
  }
}

/** Devices remembered per user; the oldest is forgotten first. */
const devicesPerUser = 10;

/** The sign-in names of the account a device cookie belongs to (lower-cased email, phone). */
export interface DeviceAccount {
  userId: string;
  email: string | null;
  phone: string | null;
}

export async function deviceAccount(db: Db, token: string | undefined): Promise<DeviceAccount | null> {
  if (!token || token.length > 100) return null;
  const [row] = await db
    .select({ userId: users.id, email: users.email, phone: users.phone })
    .from(knownDevices)
    .innerJoin(users, eq(users.id, knownDevices.userId))
    .where(eq(knownDevices.tokenHash, hashToken(token)))
    .limit(1);
  return row ?? null;
}

/** Remembers this browser for the user: answers the cookie's new token. */
export async function rememberDevice(db: Db, userId: string): Promise<string> {
  const token = crypto.randomBytes(32).toString('base64url');
  await db.transaction(async (tx) => {
    await tx.insert(knownDevices).values({ userId, tokenHash: hashToken(token) });
    const kept = tx
      .select({ id: knownDevices.id })
      .from(knownDevices)
      .where(eq(knownDevices.userId, userId))
      .orderBy(desc(knownDevices.createdAt), desc(knownDevices.id))
      .limit(devicesPerUser);
    await tx.delete(knownDevices).where(and(eq(knownDevices.userId, userId), notInArray(knownDevices.id, kept)));
  });
  return token;
}
