// Rows a test (or the seed) needs, created explicitly. Each factory answers the inserted row.
import crypto from 'node:crypto';
import type { Db } from '../db/client.js';
import { users, wallets } from '../db/schema.js';
import { createSession, hashPassword, newReferralCode } from '../modules/auth/auth.service.js';

let sequence = 0;
const next = () => `${Date.now() % 100000}${++sequence}`;

export function uniquePhone(): string {
  // 10 digits, unlikely to collide inside one database.
  return `9${String(crypto.randomInt(0, 1e9)).padStart(9, '0')}`;
}

export interface MemberInput {
  name?: string;
  email?: string;
  phone?: string;
  role?: 'customer' | 'provider';
  status?: '0' | '1';
  password?: string;
  verified?: boolean;
  isBlocked?: boolean;
  image?: string | null;
  about?: string | null;
  createdAt?: Date;
}

export async function createMember(db: Db, input: MemberInput = {}) {
  const n = next();
  const verified = input.verified ?? true;
  const [user] = await db
    .insert(users)
    .values({
      role: input.role ?? 'customer',
      name: input.name ?? `Member ${n}`,
      email: (input.email ?? `member${n}@example.com`).toLowerCase(),
      phone: input.phone ?? uniquePhone(),
      status: input.status ?? '1',
      passwordHash: input.password ? await hashPassword(input.password) : null,
      phoneVerifiedAt: verified ? new Date() : null,
      emailVerifiedAt: verified && input.password ? new Date() : null,
      isBlocked: input.isBlocked ?? false,
      image: input.image ?? null,
      about: input.about ?? null,
      referralCode: newReferralCode(),
      ...(input.createdAt ? { createdAt: input.createdAt } : {}),
    })
    .returning();
  if (verified) await db.insert(wallets).values({ userId: user!.id }).onConflictDoNothing();
  return user!;
}

export async function createAdmin(db: Db, input: { email?: string; password?: string } = {}) {
  const n = next();
  const password = input.password ?? 'Admin1234';
  const [user] = await db
    .insert(users)
    .values({
      role: 'admin',
      name: 'Administrator',
      email: (input.email ?? `admin${n}@doorstep.test`).toLowerCase(),
      passwordHash: await hashPassword(password),
      emailVerifiedAt: new Date(),
      referralCode: newReferralCode(),
    })
    .returning();
  return { ...user!, password };
}

/** A session token for the user, as if they had signed in. */
export const signIn = (db: Db, userId: string) => createSession(db, userId, 3_600_000);
