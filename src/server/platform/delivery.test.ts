// The outbox: rows written with their change, delivered by a worker once each, retried with a
// growing wait, taken again when a worker died holding them; and, on PostgreSQL, a message left by
// an instance that died before sending is delivered exactly once by another.
import fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { outbox } from '../db/schema.js';
import { jobNames } from '../jobs.js';
import { createServer } from '../server.js';
import { createAdmin, createSupportMessage, signIn } from '../test/factories.js';
import { bearer, createTestContext, until, type TestContext } from '../test/harness.js';
import { deliverDue, deliveryRules, enqueueMessage, purgeDelivered, type Transports } from './delivery.js';
import { Undeliverable, type Delivery, type Transport } from './messaging.js';

const minute = 60_000;

/** A transport that records what it was handed, failing while `failing` is set. */
function recorder() {
  const sent: Delivery[] = [];
  const transport: Transport & { failing: boolean } = {
    failing: false,
    async send(message) {
      if (transport.failing) throw new Error('provider down');
      sent.push(message);
    },
  };
  return { sent, transport, transports: { sms: transport, email: transport } };
}

const ignore = () => {};

describe('outbox delivery', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext();
  });
  afterAll(() => ctx.close());
  beforeEach(async () => {
    await ctx.db.delete(outbox);
  });

  const rowOf = async (id: string | undefined) => {
    const [row] = await ctx.db
      .select({ status: outbox.status, attempts: outbox.attempts, nextAttemptAt: outbox.nextAttemptAt })
      .from(outbox)
      .where(eq(outbox.id, id ?? ''));
    return row;
  };

  it('delivers each due row once, and a key writes its message once', async () => {
    const { sent, transports } = recorder();
    const first = await enqueueMessage(ctx.db, { channel: 'sms', to: '+15125550100', body: 'one', key: 'k:1' });
    const again = await enqueueMessage(ctx.db, { channel: 'sms', to: '+15125550100', body: 'one', key: 'k:1' });
    await enqueueMessage(ctx.db, { channel: 'email', to: 'Pat@Example.com', subject: 'Hi', body: 'two' });
    expect(first).toEqual(expect.any(String));
    expect(again).toBeUndefined();

    const now = new Date(Date.now() + 1000);
    expect(await deliverDue(ctx.db, transports, now, ignore)).toEqual({ sent: 2, failed: 0 });
    expect(sent.map((row) => [row.channel, row.to, row.body]).sort()).toEqual([
      ['email', 'pat@example.com', 'two'],
      ['sms', '+15125550100', 'one'],
    ]);
    expect(await deliverDue(ctx.db, transports, now, ignore)).toEqual({ sent: 0, failed: 0 });
    expect((await rowOf(first))?.status).toBe('sent');
  });

  it('delivers more than a batch in one run', async () => {
    const { sent, transports } = recorder();
    const total = deliveryRules.batch * 2 + 3;
    for (let i = 0; i < total; i++) await enqueueMessage(ctx.db, { channel: 'sms', to: '+15125550104', body: `n${i}` });
    expect(await deliverDue(ctx.db, transports, new Date(Date.now() + 1000), ignore)).toEqual({
      sent: total,
      failed: 0,
    });
    expect(new Set(sent.map((row) => row.body)).size).toBe(total);
  });

  it('puts a failed row back with a doubling wait, and leaves it failed after the last try', async () => {
    const { sent, transport, transports } = recorder();
    const id = await enqueueMessage(ctx.db, { channel: 'sms', to: '+15125550101', body: 'retry me' });
    transport.failing = true;
    let now = new Date(Date.now() + 1000);
    const errors: unknown[] = [];
    expect(await deliverDue(ctx.db, transports, now, (error) => errors.push(error))).toEqual({ sent: 0, failed: 1 });
    expect(errors).toHaveLength(1);
    expect(await rowOf(id)).toEqual({
      status: 'pending',
      attempts: 1,
      nextAttemptAt: new Date(now.getTime() + minute),
    });
    // Not due again before its wait is over.
    expect(await deliverDue(ctx.db, transports, new Date(now.getTime() + minute - 1), ignore)).toEqual({
      sent: 0,
      failed: 0,
    });
    now = new Date(now.getTime() + minute);
    await deliverDue(ctx.db, transports, now, ignore);
    expect(await rowOf(id)).toMatchObject({ attempts: 2, nextAttemptAt: new Date(now.getTime() + 2 * minute) });

    for (let attempt = 3; attempt <= deliveryRules.maxAttempts; attempt++) {
      now = new Date(now.getTime() + 2 ** 10 * minute);
      await deliverDue(ctx.db, transports, now, ignore);
    }
    expect(await rowOf(id)).toMatchObject({ status: 'failed', attempts: deliveryRules.maxAttempts });
    transport.failing = false;
    await deliverDue(ctx.db, transports, new Date(now.getTime() + 2 ** 10 * minute), ignore);
    expect(sent).toEqual([]);
  });

  it('fails at once a message the provider refused for good', async () => {
    const { transport, transports } = recorder();
    transport.send = async () => {
      throw new Undeliverable('not a valid phone number');
    };
    const id = await enqueueMessage(ctx.db, { channel: 'sms', to: '+15125550105', body: 'never' });
    expect(await deliverDue(ctx.db, transports, new Date(Date.now() + 1000), ignore)).toEqual({ sent: 0, failed: 1 });
    expect(await rowOf(id)).toMatchObject({ status: 'failed', attempts: 1 });
  });

  it('takes again a row whose worker died holding it, once its lease is over', async () => {
    const { sent, transports } = recorder();
    const id = await enqueueMessage(ctx.db, { channel: 'sms', to: '+15125550102', body: 'held' });
    const now = new Date(Date.now() + 1000);
    // What a worker killed after taking the row leaves behind.
    await ctx.db
      .update(outbox)
      .set({ status: 'sending', attempts: 1, nextAttemptAt: new Date(now.getTime() + deliveryRules.leaseMs) })
      .where(eq(outbox.id, id ?? ''));
    const before = new Date(now.getTime() + deliveryRules.leaseMs - 1);
    expect(await deliverDue(ctx.db, transports, before, ignore)).toEqual({ sent: 0, failed: 0 });
    const after = new Date(now.getTime() + deliveryRules.leaseMs);
    expect(await deliverDue(ctx.db, transports, after, ignore)).toEqual({ sent: 1, failed: 0 });
    expect(sent.map((row) => row.body)).toEqual(['held']);
    expect(await rowOf(id)).toMatchObject({ status: 'sent', attempts: 2 });
  });

  it('leases each row of a batch for as long as the sends before it may take, from 30 s', async () => {
    const hung: string[] = [];
    const stuck: Transports = {
      sms: { send: (row) => (hung.push(row.body), new Promise(() => {})) },
      email: { send: () => new Promise(() => {}) },
    };
    const to = '+15125550107';
    for (const body of ['first', 'second']) await enqueueMessage(ctx.db, { channel: 'sms', to, body });
    const now = new Date(Date.now() + 1000);
    // A worker takes both and hangs on the first (it died, say): the first is free again after
    // 30 s, the second after 60 s, well within the 5 minutes a code lives.
    void deliverDue(ctx.db, stuck, now, ignore);
    await until(() => hung.length === 1, 3000, 'the first send');
    const leases = await ctx.db
      .select({ body: outbox.body, until: outbox.nextAttemptAt })
      .from(outbox)
      .where(eq(outbox.to, to))
      .orderBy(outbox.nextAttemptAt);
    // Two rows queued within the same millisecond (PGlite's clock) may be taken in either order:
    // the one sent first is the one leased for 30 s.
    const [sentFirst] = hung;
    const other = sentFirst === 'first' ? 'second' : 'first';
    expect(leases.map((row) => [row.body, row.until.getTime() - now.getTime()])).toEqual([
      [sentFirst, deliveryRules.leaseMs],
      [other, 2 * deliveryRules.leaseMs],
    ]);
    const { sent, transports } = recorder();
    await deliverDue(ctx.db, transports, new Date(now.getTime() + deliveryRules.leaseMs), ignore);
    expect(sent.map((row) => row.body)).toEqual([sentFirst]);
  });

  it('purges delivered rows after a day and keeps the failed ones', async () => {
    const { transports } = recorder();
    const delivered = await enqueueMessage(ctx.db, { channel: 'sms', to: '+15125550103', body: 'done' });
    const now = new Date(Date.now() + 1000);
    await deliverDue(ctx.db, transports, now, ignore);
    const failed = await enqueueMessage(ctx.db, { channel: 'sms', to: '+15125550103', body: 'given up' });
    await ctx.db
      .update(outbox)
      .set({ status: 'failed' })
      .where(eq(outbox.id, failed ?? ''));
    expect(await purgeDelivered(ctx.db, new Date(now.getTime() + 86_400_000 - 1))).toBe(0);
    expect(await purgeDelivered(ctx.db, new Date(now.getTime() + 86_400_000 + 1))).toBe(1);
    expect(await rowOf(delivered)).toBeUndefined();
    expect((await rowOf(failed))?.status).toBe('failed');
  });
});

describe.skipIf(!process.env.DATABASE_URL)('delivery across instances (PostgreSQL)', () => {
  let ctx: TestContext;
  let smtp: SMTPServer;
  let smtpUrl: string;
  const received: string[] = [];

  beforeAll(async () => {
    ctx = await createTestContext();
    smtp = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS', 'AUTH'],
      onData(stream, _session, callback) {
        let text = '';
        stream.on('data', (chunk: Buffer) => (text += chunk.toString()));
        stream.on('end', () => {
          received.push(text);
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
    smtpUrl = `smtp://127.0.0.1:${(smtp.server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await ctx.close();
    await new Promise<void>((resolve) => smtp.close(() => resolve()));
  });

  it('delivers exactly once a mail whose instance died between the commit and the send', async () => {
    // Instance A (the test context, whose queue runs nothing) commits the reply and its mail, and
    // is gone before any worker sends it.
    const admin = await createAdmin(ctx.db);
    const message = await createSupportMessage(ctx.db);
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/v1/services/replayback',
      headers: bearer(await signIn(ctx.db, admin.id)),
      payload: { Email: 'waiting@example.com', Message: 'We are on it', _id: message.id },
    });
    expect(res.statusCode).toBe(200);
    expect(received).toEqual([]);

    // Instance B starts on the same database with a mail server: its start-up run sends the mail.
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'doorstep-delivery-'));
    const b = await createServer(
      { ...ctx.config, DATABASE_URL: ctx.databaseUrl, SMTP_URL: smtpUrl, DATA_DIR: dataDir, LOG_LEVEL: 'silent' },
      { seedIfEmpty: false },
    );
    try {
      await until(() => received.length > 0, 15_000, 'the mail');
      // Asked again (a retry, the minute's run): nothing more goes out.
      await b.deps.jobs.trigger(jobNames.deliver);
      await until(async () => (await b.deps.jobs.pending(jobNames.deliver)) === 0, 15_000, 'the second run');
      expect(received).toHaveLength(1);
      expect(received[0]).toContain('To: waiting@example.com');
      expect(received[0]).toContain('We are on it');
      const [row] = await ctx.db
        .select({ status: outbox.status })
        .from(outbox)
        .where(eq(outbox.to, 'waiting@example.com'));
      expect(row?.status).toBe('sent');
    } finally {
      await b.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
