// Sign-ups nobody finished. A member row whose phone and email were never verified holds neither:
// the next sign-up with that phone or email removes it (auth.service.ts), and the hourly purge
// removes the ones older than a day.
import { and, is, isNull, lt, ne, sql, type SQL } from 'drizzle-orm';
import { getTableConfig, PgTable } from 'drizzle-orm/pg-core';
import type { Queryable } from '../../db/client.js';
import * as schema from '../../db/schema.js';
import { codes, referrals, sessions, users } from '../../db/schema.js';

export const unverifiedSignupTtlMs = 24 * 3_600_000;

/**
 * Rows elsewhere that point at a user without ON DELETE CASCADE or SET NULL (a booking an
 * administrator made for the member, a rating…): such a user stays, so a removal never fails on
 * a foreign key. Read from the schema, so a table added later is covered too. Referrals cascade,
 * but a referral names the member who joined as well as the referrer: a user who referred
 * someone stays too, so no verified member loses the record of who brought them.
 */
const pointedAt: SQL[] = [
  ...(Object.values(schema) as unknown[])
    .filter((value): value is PgTable => is(value, PgTable))
    .flatMap((table) =>
      getTableConfig(table)
        .foreignKeys.filter((key) => key.onDelete !== 'cascade' && key.onDelete !== 'set null')
        .map((key) => key.reference())
        .filter((reference) => reference.foreignTable === users)
        // A key to users has the one column that holds the user's id.
        .flatMap(({ columns: [column] }) =>
          column ? [sql`exists (select 1 from ${table} where ${column} = ${users.id})`] : [],
        ),
    ),
  sql`exists (select 1 from ${referrals} where ${referrals.referredBy} = ${users.id})`,
];

/**
 * A user no one has claimed: neither phone nor email verified, not an administrator, nothing
 * pointing at it. Re-checked inside every DELETE, so a member who verifies in the meantime stays.
 */
export const unclaimedSignup = (): SQL =>
  sql`(${sql.join(
    [
      isNull(users.phoneVerifiedAt),
      isNull(users.emailVerifiedAt),
      ne(users.role, 'admin'),
      ...pointedAt.map((condition) => sql`not ${condition}`),
    ],
    sql` and `,
  )})`;

/** Whether a user row read by the application already belongs to somebody. */
export const isClaimed = (user: { phoneVerifiedAt: Date | null; emailVerifiedAt: Date | null; role: string }) =>
  user.phoneVerifiedAt !== null || user.emailVerifiedAt !== null || user.role === 'admin';

/** Removes the unverified sign-ups older than a day; answers how many went. */
export async function purgeUnverifiedSignups(db: Queryable, now: Date): Promise<number> {
  const removed = await db
    .delete(users)
    .where(and(unclaimedSignup(), lt(users.createdAt, new Date(now.getTime() - unverifiedSignupTtlMs))))
    .returning({ id: users.id });
  return removed.length;
}

/** Sessions past their end (a member who never signs in again leaves them behind). */
export async function purgeExpiredSessions(db: Queryable, now: Date): Promise<number> {
  const removed = await db.delete(sessions).where(lt(sessions.expiresAt, now)).returning({ id: sessions.id });
  return removed.length;
}

/** Codes older than a day: the day's count of wrong tries no longer needs them. */
export async function purgeOldCodes(db: Queryable, now: Date): Promise<number> {
  const removed = await db
    .delete(codes)
    .where(lt(codes.createdAt, new Date(now.getTime() - 86_400_000)))
    .returning({ id: codes.id });
  return removed.length;
}
