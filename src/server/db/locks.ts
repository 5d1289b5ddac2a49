// Every advisory lock the app takes, named in this one place so two uses never share an id by
// accident. A one-off job has a fixed id; a lock per row (a provider's day, a pair of members)
// has a key that PostgreSQL hashes to an id (hashtextextended), so each row has its own.
import { sql } from 'drizzle-orm';
import type { Tx } from './client.js';

/** A lock per row: its key, hashed to the lock id. */
export interface KeyedLock {
  readonly key: string;
}

export const advisoryLocks = {
  /**
   * Held by the instance that migrates and writes its start-up rows (seed, first admin, the job
   * queue's schema); another one starting at the same time waits for it (Database.migrate).
   */
  migrations: 727274,
  /** Two instances starting on one empty database: one seeds, the other then finds the data. */
  seed: 727275,
  /** The server tests' workers: one builds the migrated template the others copy (test/harness.ts). */
  testTemplate: 727299,
  /** Bookings of one provider on one day take turns, so two cannot take the same slot. */
  bookingDay: (providerId: string, date: string): KeyedLock => ({ key: `booking:${providerId}:${date}` }),
  /** Saves of one provider's profile or hours take turns (each replaces a set of rows). */
  providerPortal: (providerId: string): KeyedLock => ({ key: `portal:${providerId}` }),
  /** One sender's messages to one member take turns, so a burst adds one "new message" notification. */
  messageNotice: (toUser: string, fromUser: string): KeyedLock => ({ key: `message-notice:${toUser}:${fromUser}` }),
  /** Wallet distributions take turns, so one preview is applied once. */
  distribution: { key: 'doorstep:distribution' } satisfies KeyedLock,
} as const;

/** Takes an advisory lock (waiting for it) and holds it until the transaction commits or rolls back. */
export async function lockUntilCommit(tx: Tx, lock: number | KeyedLock): Promise<void> {
  const id = typeof lock === 'number' ? sql`${lock}` : sql`hashtextextended(${lock.key}, 0)`;
  await tx.execute(sql`select pg_advisory_xact_lock(${id})`);
}
