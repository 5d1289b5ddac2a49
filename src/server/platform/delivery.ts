// The transactional outbox: a text or mail is written as an outbox row by the transaction of the
// change that causes it, and delivered after the commit by a queue worker on any instance. A crash
// before the commit leaves neither; after it, the row waits until a worker delivers it.
import { and, eq, lt, sql } from 'drizzle-orm';
import { execute, type Db, type Queryable } from '../db/client.js';
import { outbox } from '../db/schema.js';
import { Undeliverable, type Delivery, type Transport } from './messaging.js';

/** A text or a mail as its producer writes it. */
export interface OutgoingMessage {
  channel: 'sms' | 'email';
  to: string;
  body: string;
  /** Mails only. */
  subject?: string;
  /** The mail's HTML part; the body is its plain-text part. */
  html?: string;
  /** A calendar invitation (iCalendar text) attached to the mail. */
  ics?: string;
  /** The one-time code the message carries, kept for the development outbox and the tests. */
  code?: string;
  /**
   * Names the message once (e.g. `reminder:24h:<booking>:<user>:email`): writing it again adds
   * nothing, so a sweep that runs twice sends it once.
   */
  key?: string;
}

/**
 * Writes the message in the caller's transaction. Answers the row's id, or undefined when a
 * message with the same key was written before.
 */
export async function enqueueMessage(db: Queryable, message: OutgoingMessage): Promise<string | undefined> {
  const rows = await db
    .insert(outbox)
    .values({
      channel: message.channel,
      to: message.channel === 'email' ? message.to.toLowerCase() : message.to,
      subject: message.subject ?? null,
      body: message.body,
      html: message.html ?? null,
      ics: message.ics ?? null,
      code: message.code ?? null,
      key: message.key ?? null,
    })
    .onConflictDoNothing({ target: outbox.key })
    .returning({ id: outbox.id });
  return rows[0]?.id;
}

/** The transports a worker hands rows to, by channel. */
export type Transports = Record<Delivery['channel'], Transport>;

export const deliveryRules = {
  /**
   * Rows a worker takes at a time: few enough that a batch of providers timing out (15 s each)
   * ends well within the lease, so no other worker takes a row this one is still sending.
   */
  batch: 10,
  /**
   * A row a worker took and never finished (it crashed) is taken again once its lease is over:
   * this long for the first row of a batch, twice as long for the second, and so on, since a
   * worker sends them one after another. Twice a provider's timeout: a code a dead worker held
   * goes out again within a minute, not after a code's whole life.
   */
  leaseMs: 30_000,
  /** Tries before a row is left as failed; the wait doubles from a minute (1, 2, 4 … 64 min). */
  maxAttempts: 8,
  firstRetryMs: 60_000,
} as const;

export interface DeliveryReport {
  sent: number;
  failed: number;
}

/**
 * Delivers the rows that are due: takes a batch with one UPDATE (SKIP LOCKED, so workers on
 * other instances take other rows), sends each, and marks it sent; a failure puts the row back
 * with a later `next_attempt_at` (or fails it at once when the provider refused the message
 * itself: Undeliverable). A taken row is leased: if this worker dies before marking it,
 * another takes it when the lease ends. Sends can repeat only when a worker dies between a
 * provider's accepting a message and the row's mark; the stable Message-ID lets mail clients
 * drop that copy.
 */
export async function deliverDue(
  db: Db,
  transports: Transports,
  now: Date,
  onFailure: (error: unknown, row: Delivery) => void,
  { keepCodes = false }: { keepCodes?: boolean } = {},
): Promise<DeliveryReport> {
  // Once a row is done with, the code it carried is of no use to anyone but a reader of the
  // table: it is blanked out of the row (the development outbox, DEV_OUTBOX, keeps it).
  // replace() with a null code is null: the text is then kept as it is.
  const blanked = (column: typeof outbox.body | typeof outbox.html) =>
    sql`coalesce(replace(${column}, ${outbox.code}, '******'), ${column})`;
  const forget = keepCodes ? {} : { code: null, body: blanked(outbox.body), html: blanked(outbox.html) };
  const report: DeliveryReport = { sent: 0, failed: 0 };
  for (;;) {
    const taken = await execute<DeliveryRow>(
      db,
      sql`with due as (
            select id, next_attempt_at from ${outbox}
            where status in ('pending', 'sending') and next_attempt_at <= ${now}
            order by next_attempt_at
            limit ${deliveryRules.batch}
            for update skip locked),
          numbered as (select id, row_number() over (order by next_attempt_at, id) as place from due)
          update ${outbox} o set status = 'sending', attempts = attempts + 1,
            next_attempt_at = ${now}::timestamptz + numbered.place * ${deliveryRules.leaseMs}::float8 * interval '1 millisecond'
          from numbered where o.id = numbered.id
          returning o.id, o.channel, o."to", o.subject, o.body, o.html, o.ics, o.key, o.attempts, numbered.place`,
    );
    taken.sort((a, b) => Number(a.place) - Number(b.place));
    for (const row of taken) {
      try {
        await transports[row.channel].send(row);
        await db
          .update(outbox)
          .set({ status: 'sent', sentAt: now, lastError: null, ...forget })
          .where(and(eq(outbox.id, row.id), eq(outbox.status, 'sending')));
        report.sent++;
      } catch (error) {
        report.failed++;
        onFailure(error, row);
        const giveUp = error instanceof Undeliverable || row.attempts >= deliveryRules.maxAttempts;
        await db
          .update(outbox)
          .set({
            ...(giveUp ? forget : {}),
            status: giveUp ? 'failed' : 'pending',
            nextAttemptAt: new Date(now.getTime() + deliveryRules.firstRetryMs * 2 ** (row.attempts - 1)),
            lastError: error instanceof Error ? error.message.slice(0, 500) : 'unknown error',
          })
          .where(and(eq(outbox.id, row.id), eq(outbox.status, 'sending')));
      }
    }
    if (taken.length < deliveryRules.batch) return report;
  }
}

type DeliveryRow = Delivery & { attempts: number; place: number | string } & Record<string, unknown>;

/** Delivered rows go after a day (failed ones stay for an operator to read). */
export async function purgeDelivered(db: Queryable, now: Date): Promise<number> {
  const rows = await db
    .delete(outbox)
    .where(and(eq(outbox.status, 'sent'), lt(outbox.sentAt, new Date(now.getTime() - 86_400_000))))
    .returning({ id: outbox.id });
  return rows.length;
}
