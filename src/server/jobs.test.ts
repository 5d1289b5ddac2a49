// The queue runs the app's jobs on either engine (pg-boss on PGlite through its adapter, too):
// a request for a run is taken by a worker, and the jobs do what they say.
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LiveEvent } from '../contract/notifications.js';
import { bookings, codes, outbox, searchWords, sessions } from './db/schema.js';
import { defineJobs, jobNames } from './jobs.js';
import { JobQueue } from './platform/jobs.js';
import { bookingOf, createMember, createProvider } from './test/factories.js';
import { createTestContext, until, type TestContext } from './test/harness.js';

const day = 86_400_000;

describe('the job queue', () => {
  let ctx: TestContext;
  let queue: JobQueue;
  const sent: string[] = [];
  const errors: unknown[] = [];

  beforeAll(async () => {
    ctx = await createTestContext();
    queue = new JobQueue(ctx.database, { work: true, onError: (error) => errors.push(error) });
    const recorder = {
      send: async (message: { body: string }) => {
        sent.push(message.body);
      },
    };
    defineJobs(queue, {
      db: ctx.db,
      config: ctx.config,
      transports: { sms: recorder, email: recorder },
      log: ctx.app.log,
      payments: null,
    });
    await queue.start();
  });
  afterAll(async () => {
    await queue.stop();
    await ctx.close();
  });

  it('delivers the outbox when asked', async () => {
    await ctx.db.insert(outbox).values({ channel: 'sms', to: '+15125550188', body: 'from the queue' });
    await queue.trigger(jobNames.deliver);
    await until(() => sent.includes('from the queue'), 10_000, 'the delivery');
    // The row is marked sent just after the transport answers.
    const status = async () =>
      (await ctx.db.select({ status: outbox.status }).from(outbox).where(eq(outbox.to, '+15125550188')))[0]?.status;
    await until(async () => (await status()) === 'sent', 10_000, 'the row marked sent');
    expect(queue.running).toBe(true);
  });

  it('expires a request nobody answered and tells the customer live', async () => {
    const customer = await createMember(ctx.db);
    const provider = await createProvider(ctx.db);
    const stale = await bookingOf(ctx.db, customer, provider, {
      date: new Date(Date.now() + 5 * day).toISOString().slice(0, 10),
      createdAt: new Date(Date.now() - 13 * 3_600_000),
    });
    const events: LiveEvent[] = [];
    const unsubscribe = ctx.live.subscribe(customer.id, (event) => events.push(event));
    try {
      await queue.trigger(jobNames.bookings);
      // This process's worker is woken, not left to its next poll (every 5 s).
      await until(() => events.some((event) => event.type === 'notification'), 2_000, 'the live notice');
      const [row] = await ctx.db.select({ status: bookings.status }).from(bookings).where(eq(bookings.id, stale.id));
      expect(row?.status).toBe('expired');
    } finally {
      unsubscribe();
    }
  });

  it('purges expired sessions, day-old codes and delivered messages in its housekeeping', async () => {
    const member = await createMember(ctx.db);
    const old = new Date(Date.now() - 2 * day);
    const [session] = await ctx.db
      .insert(sessions)
      .values({ userId: member.id, tokenHash: `expired-${member.id}`, expiresAt: old })
      .returning({ id: sessions.id });
    const [code] = await ctx.db
      .insert(codes)
      .values({ purpose: 'login', target: member.phone ?? '', codeHash: 'x', expiresAt: old, createdAt: old })
      .returning({ id: codes.id });
    const [message] = await ctx.db
      .insert(outbox)
      .values({ channel: 'sms', to: '+15125550189', body: 'old', status: 'sent', sentAt: old })
      .returning({ id: outbox.id });
    await queue.trigger(jobNames.housekeeping);
    const gone = async () =>
      (
        await ctx.db
          .select()
          .from(sessions)
          .where(eq(sessions.id, session?.id ?? ''))
      ).length === 0 &&
      (
        await ctx.db
          .select()
          .from(codes)
          .where(eq(codes.id, code?.id ?? ''))
      ).length === 0 &&
      (
        await ctx.db
          .select()
          .from(outbox)
          .where(inArray(outbox.id, [message?.id ?? '']))
      ).length === 0;
    await until(gone, 10_000, 'the purge');
    expect(errors).toEqual([]);
  });

  it('counts the documents that hold each search word in its daily run', async () => {
    await createProvider(ctx.db, { name: 'Oswin Farquhar' });
    const docsOf = async () =>
      (await ctx.db.select({ docs: searchWords.docs }).from(searchWords).where(eq(searchWords.word, 'farquhar')))[0]
        ?.docs;
    // Added with the provider's row, not counted until the count runs.
    expect(await docsOf()).toBeNull();
    await queue.trigger(jobNames.daily);
    await until(async () => (await docsOf()) === 1, 10_000, 'the count');
    expect(errors).toEqual([]);
  });
});

describe('a queue stopped while a run is still going', () => {
  it('ends quietly when the run finishes after the database has closed', async () => {
    const ctx = await createTestContext();
    const queue = new JobQueue(ctx.database, { work: true, onError: () => undefined });
    let started = false;
    let finish = () => {};
    const finished = new Promise<void>((resolve) => (finish = resolve));
    queue.define({
      name: 'slow',
      run: async () => {
        started = true;
        await finished;
      },
    });
    await queue.start();
    await queue.trigger('slow');
    await until(() => started, 10_000, 'the run');
    // The stop gives up waiting for the run after a second; then the database closes.
    await queue.stop(1000);
    await ctx.close();
    const unhandled: unknown[] = [];
    const listener = (reason: unknown) => unhandled.push(reason);
    process.on('unhandledRejection', listener);
    try {
      // pg-boss reports the run's end without waiting for it: that report must not throw.
      finish();
      await new Promise((resolve) => setTimeout(resolve, 300));
    } finally {
      process.off('unhandledRejection', listener);
    }
    expect(unhandled).toEqual([]);
  });
});
