// The job queue every instance works from: pg-boss on the app's own database, in its own schema
// `pgboss`. On PostgreSQL it shares the app's pool; on PGlite (one process, one connection) it
// runs through the same client, so the embedded default has the same queue as production.
import PgBoss from 'pg-boss';
import type { Database } from '../db/client.js';

export interface JobDefinition {
  name: string;
  run(now: Date): Promise<void>;
  /** A cron expression (UTC): one instance runs each tick, whichever gets it first. */
  cron?: string;
  /**
   * How often an idle worker asks for a run (default 5 s). Each ask is a query on every instance,
   * so only a job a member waits for (a sign-in code's text) asks often.
   */
  pollSeconds?: number;
}

export interface JobQueueOptions {
  /** Run the jobs here; false for an instance that only sends (tests that drive the clock). */
  work: boolean;
  onError(error: unknown): void;
}

export class JobQueue {
  private readonly boss: PgBoss;
  private started = false;
  private working = false;
  /** Set once `stop` returns: the database may close from then on. */
  private stopped = false;
  /** This process's worker of each job, woken when the job is asked for here. */
  private readonly workers = new Map<string, string>();
  private readonly definitions = new Map<string, JobDefinition>();
  private failures = 0;

  constructor(
    database: Database,
    private readonly options: JobQueueOptions,
  ) {
    const db = executor(database);
    this.boss = new PgBoss({
      // pg-boss reports a run's end without waiting for the report, and gives up waiting for a run
      // when `stop` times out: a report after the stop, when the database may be closed, would be
      // an unhandled rejection that ends the process. It is answered as a report that changed no
      // job instead, and the job runs again once its claim expires, as after a crash (every job
      // here can run twice). Nothing else reaches the database after the stop.
      db: {
        executeSql: (text, values) =>
          this.stopped ? Promise.resolve({ rows: [{ count: 0 }] }) : db.executeSql(text, values),
      },
      schema: 'pgboss',
      // Cron ticks are claimed through the database, so several instances schedule each once.
      schedule: options.work,
      supervise: options.work,
      // Jobs here sweep tables whose rows carry their own state: a lost run is caught by the next.
      retryLimit: 2,
      retryDelay: 5,
      retryBackoff: true,
      expireInSeconds: 5 * 60,
    });
    this.boss.on('error', (error) => options.onError(error));
  }

  define(definition: JobDefinition) {
    this.definitions.set(definition.name, definition);
  }

  /**
   * Starts the queue; `runNow` names jobs to run at once (what came due while no instance ran),
   * asked for before the workers' first look so they do not wait for their next one. With
   * `workers: false` the workers wait for `startWorkers()` (server.ts: once the app is built).
   */
  async start(runNow: readonly string[] = [], { workers = true }: { workers?: boolean } = {}) {
    // pg-boss itself only reads its schema's version when it is current.
    await this.boss.start();
    // What an earlier start made is read in two statements rather than written again, one
    // statement per queue and schedule (which on PGlite's one connection delays the first answer).
    // Creating a queue never changes one that exists; a schedule is written again when its cron
    // changed.
    const [queues, schedules] = await Promise.all([this.boss.getQueues(), this.boss.getSchedules()]);
    const existing = new Set(queues.map((queue) => queue.name));
    const scheduled = new Map(schedules.map((schedule) => [schedule.name, schedule] as const));
    for (const definition of this.definitions.values()) {
      if (!existing.has(definition.name))
        await this.boss.createQueue(definition.name, { name: definition.name, policy: 'short' });
      if (runNow.includes(definition.name)) await this.boss.send(definition.name, {});
      const current = scheduled.get(definition.name) as { cron: string; timezone?: string } | undefined;
      if (this.options.work && definition.cron && !(current?.cron === definition.cron && current.timezone === 'UTC'))
        await this.boss.schedule(definition.name, definition.cron);
    }
    this.started = true;
    if (workers) await this.startWorkers();
  }

  /** The workers, after the statements of `start`: their first runs would otherwise take turns with them. */
  async startWorkers() {
    if (!this.options.work || this.working || !this.started) return;
    this.working = true;
    for (const definition of this.definitions.values()) {
      const pollingIntervalSeconds = definition.pollSeconds ?? 5;
      const worker = await this.boss.work(definition.name, { pollingIntervalSeconds }, async () => {
        try {
          await definition.run(new Date());
        } catch (error) {
          this.failures++;
          throw error;
        }
      });
      this.workers.set(definition.name, worker);
    }
  }

  /**
   * Asks a worker to run the job soon: this process's own worker is woken rather than left to its
   * next poll (another instance's takes it at its own). A `short` queue holds at most one waiting
   * run per job, so a burst of requests asks once; a run already going is followed by one more.
   */
  async trigger(name: string): Promise<void> {
    if (!this.started) return;
    await this.boss.send(name, {});
    const worker = this.workers.get(name);
    if (worker) this.boss.notifyWorker(worker);
  }

  /** `trigger` for a caller that must not wait or fail: after a commit, the cron catches up anyway. */
  kick(name: string) {
    this.trigger(name).catch((error: unknown) => this.options.onError(error));
  }

  /**
   * Asks for a run in `seconds` (a charge that waits out an Undo). While it waits it is the
   * queue's one waiting run, so a run asked for meanwhile comes with it.
   */
  later(name: string, seconds: number) {
    if (!this.started) return;
    this.boss.send(name, {}, { startAfter: seconds }).catch((error: unknown) => this.options.onError(error));
  }

  get running() {
    return this.started;
  }

  /** Runs waiting, for the metrics. */
  async depth(): Promise<number> {
    let total = 0;
    for (const name of this.definitions.keys()) total += await this.boss.getQueueSize(name);
    return total;
  }

  /** Runs of one job waiting or going: a caller that asked for a run can wait for it to end. */
  pending(name: string): Promise<number> {
    return this.boss.getQueueSize(name, { before: 'completed' });
  }

  /** Runs that threw since this instance started. */
  failed(): number {
    return this.failures;
  }

  /** Stops taking jobs and waits (up to `timeoutMs`) for the ones running here to finish. */
  async stop(timeoutMs = 5000) {
    if (!this.started) return;
    this.started = false;
    this.working = false;
    this.workers.clear();
    await this.boss.stop({ graceful: true, wait: true, timeout: timeoutMs, close: false });
    this.stopped = true;
  }
}

/** pg-boss's `db` option over either engine: multi-statement text when it passes no values. */
function executor(database: Database): PgBoss.Db {
  const { pool, pglite } = database;
  if (pool) return { executeSql: (text, values) => pool.query(text, values) };
  if (pglite) {
    return {
      async executeSql(text, values) {
        if (values?.length) return pglite.query(text, values);
        const results = await pglite.exec(text);
        return results.at(-1) ?? { rows: [] };
      },
    };
  }
  throw new Error('The database has neither a pool nor a PGlite client');
}
