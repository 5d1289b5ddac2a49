// Failures a test injects into the database, to prove what a transaction leaves behind when a late
// statement of it fails.
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';

/**
 * Makes every insert of a notification for `userId` fail (a trigger raises after the row is
 * written), until the returned function is called. A change that writes its notification in its
 * own transaction is then undone with it; one that wrote it separately would stay.
 */
export async function failNotificationsFor(db: Db, userId: string): Promise<() => Promise<void>> {
  // DDL takes no parameters: the id goes into the statement, so it must be an id.
  if (!/^[0-9a-f-]{36}$/i.test(userId)) throw new Error(`not a user id: ${userId}`);
  const name = sql.identifier(`fail_notice_${userId.replaceAll('-', '')}`);
  await db.execute(sql`create or replace function test_fail_notification() returns trigger language plpgsql as $$
    begin
      raise exception 'notification refused by the test';
    end $$`);
  await db.execute(
    sql`create trigger ${name} after insert on notifications for each row
      when (new.user_id = ${sql.raw(`'${userId}'::uuid`)}) execute function test_fail_notification()`,
  );
  return async () => {
    await db.execute(sql`drop trigger ${name} on notifications`);
  };
}
