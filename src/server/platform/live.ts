// Live updates: every event goes through PostgreSQL NOTIFY on one channel and comes
// back through LISTEN to every server instance on the database, which hands it to the subscribers
// connected to it. So an event published on instance A reaches a page streaming from instance B,
// and one instance behaves the same way (its own notifications come back to it too).
// Both engines: a PostgreSQL server (one dedicated connection LISTENs, NOTIFY goes through the
// pool) and embedded PGlite (its single connection does both).
// The same channel carries the end of sessions: a trigger on `sessions` (migration 0004) notifies
// `{"s": session id}` when one is deleted, so every instance ends the streams that session opened.
import { sql } from 'drizzle-orm';
import pg from 'pg';
import type { LiveEvent } from '../../contract/notifications.js';
import type { Database, Queryable } from '../db/client.js';
import { loggableText } from '../errors.js';

export type LiveListener = (event: LiveEvent) => void;

export interface LiveHub {
  /** Sends `event` to every open stream of `userId`, on every instance; null: to every member. */
  publish(userId: string | null, event: LiveEvent): Promise<void>;
  /** Receives the events of `userId` (and broadcasts) on this instance; call the result to stop. */
  subscribe(userId: string, listener: LiveListener): () => void;
  /**
   * Calls `onEnd` when the session `sessionId` is deleted, whichever instance or statement deleted
   * it (after that transaction commits); call the result to stop watching.
   */
  watchSession(sessionId: string, onEnd: () => void): () => void;
  /**
   * Tells every instance, this one included, that public data changed, so their page caches
   * forget; announcements within `changeBatchMs` go out as one NOTIFY.
   */
  announceChange(): void;
  /** Calls `listener` when any instance announced a change (or after a gap in LISTEN). */
  onChange(listener: () => void): () => void;
  /** Open subscriptions on this instance (for diagnostics and tests). */
  subscriberCount(): number;
  /** Stops listening and drops every subscriber. */
  close(): Promise<void>;
}

export interface LiveHubOptions {
  /** Where failures that a caller cannot act on go (a lost LISTEN connection, a failed NOTIFY). */
  onError?(error: unknown, what: string): void;
  /** First delay before the LISTEN connection is opened again; doubles up to 10 s. */
  reconnectMs?: number;
}

export const liveChannel = 'doorstep_live';
/** PostgreSQL refuses NOTIFY payloads of 8000 bytes or more. */
export const maxPayloadBytes = 7999;

/**
 * What travels through NOTIFY: the addressee (null: everyone) and the event; or, from the
 * trigger on `sessions`, the id of a session that ended. Nothing reaches a client for the latter.
 */
type Wire = { u: string | null; e: LiveEvent } | { s: string } | { c: 1 };

/** Writes close together are announced once: one NOTIFY per instance and batch, not per write. */
export const changeBatchMs = 50;

export function encodeWire(userId: string | null, event: LiveEvent): string {
  const payload = JSON.stringify({ u: userId, e: event } satisfies Wire);
  if (Buffer.byteLength(payload) > maxPayloadBytes) {
    throw new Error(`live event too large for NOTIFY (${Buffer.byteLength(payload)} bytes): send ids, not content`);
  }
  return payload;
}

/**
 * Sends `event` to the open pages of `userId` (null: every member) with the transaction of the
 * change it tells of: PostgreSQL delivers a NOTIFY when its transaction commits and drops it when
 * it rolls back, so the event goes if and only if the change is kept. The one way a change
 * publishes; `LiveHub.publish` is for what no row records (a session ending, a cache to forget).
 */
export async function publishWith(db: Queryable, userId: string | null, event: LiveEvent): Promise<void> {
  await db.execute(sql`select pg_notify(${liveChannel}, ${encodeWire(userId, event)})`);
}

/** The subscribers of this instance, by member. */
class Fanout {
  private readonly byUser = new Map<string, Set<LiveListener>>();
  private readonly bySession = new Map<string, Set<() => void>>();
  private readonly changeListeners = new Set<() => void>();

  constructor(private readonly onError: (error: unknown, what: string) => void) {}

  add(userId: string, listener: LiveListener): () => void {
    let set = this.byUser.get(userId);
    if (!set) this.byUser.set(userId, (set = new Set()));
    set.add(listener);
    return () => {
      const current = this.byUser.get(userId);
      if (!current?.delete(listener)) return;
      if (current.size === 0) this.byUser.delete(userId);
    };
  }

  watch(sessionId: string, onEnd: () => void): () => void {
    let set = this.bySession.get(sessionId);
    if (!set) this.bySession.set(sessionId, (set = new Set()));
    set.add(onEnd);
    return () => {
      const current = this.bySession.get(sessionId);
      if (!current?.delete(onEnd)) return;
      if (current.size === 0) this.bySession.delete(sessionId);
    };
  }

  onChange(listener: () => void): () => void {
    this.changeListeners.add(listener);
    return () => void this.changeListeners.delete(listener);
  }

  changed() {
    for (const listener of [...this.changeListeners]) {
      try {
        listener();
      } catch (error) {
        this.onError(error, 'live: a change listener failed');
      }
    }
  }

  /** Hands a NOTIFY payload to the subscribers it is addressed to. */
  deliver(payload: string | undefined) {
    let wire: Wire;
    try {
      wire = JSON.parse(payload ?? '') as Wire;
      if (typeof wire !== 'object' || wire === null) throw new Error('not an object');
    } catch (error) {
      this.onError(error, 'live: unreadable notification payload');
      return;
    }
    if ('c' in wire) {
      this.changed();
    } else if ('s' in wire) {
      if (typeof wire.s === 'string') this.sessionEnded(wire.s);
    } else if (wire.u === null) {
      for (const set of this.byUser.values()) this.call(set, wire.e);
    } else {
      const set = this.byUser.get(wire.u);
      if (set) this.call(set, wire.e);
    }
  }

  /** To every subscriber of this instance (after a gap in LISTEN: 'read again'). */
  everyone(event: LiveEvent) {
    for (const set of this.byUser.values()) this.call(set, event);
  }

  clear() {
    this.byUser.clear();
    this.bySession.clear();
    this.changeListeners.clear();
  }

  get size() {
    let n = 0;
    for (const set of this.byUser.values()) n += set.size;
    return n;
  }

  private sessionEnded(sessionId: string) {
    const set = this.bySession.get(sessionId);
    if (!set) return;
    this.bySession.delete(sessionId);
    for (const onEnd of set) {
      try {
        onEnd();
      } catch (error) {
        this.onError(error, 'live: a session watcher failed');
      }
    }
  }

  private call(set: Set<LiveListener>, event: LiveEvent) {
    // A copy: a listener may unsubscribe while we go through them.
    for (const listener of [...set]) {
      try {
        listener(event);
      } catch (error) {
        this.onError(error, 'live: a subscriber failed');
      }
    }
  }
}

const defaultOnError = (error: unknown, what: string) => console.error(`${what}: ${loggableText(error)}`);

/** Opens the hub on the database's engine; resolves once this instance is listening. */
export async function createLiveHub(database: Database, options: LiveHubOptions = {}): Promise<LiveHub> {
  const onError = options.onError ?? defaultOnError;
  if (database.pool) return createPostgresHub(database.pool, options.reconnectMs ?? 250, onError);
  if (database.pglite) return createPgliteHub(database.pglite, onError);
  throw new Error('live: the database has neither a pool nor a PGlite instance');
}

/** The engine-independent half of a hub: NOTIFY through `notify`, fan out here, `stop` listening on close. */
function liveHub(
  fanout: Fanout,
  onError: (error: unknown, what: string) => void,
  notify: (payload: string) => Promise<unknown>,
  stop: () => Promise<void>,
): LiveHub {
  let closed = false;
  let batch: NodeJS.Timeout | undefined;
  return {
    announceChange() {
      if (closed || batch) return;
      batch = setTimeout(() => {
        batch = undefined;
        if (closed) return;
        notify(JSON.stringify({ c: 1 } satisfies Wire)).catch((error: unknown) =>
          onError(error, 'live: NOTIFY failed'),
        );
      }, changeBatchMs);
      batch.unref();
    },
    onChange: (listener) => (closed ? () => {} : fanout.onChange(listener)),
    async publish(userId, event) {
      const payload = encodeWire(userId, event);
      if (closed) return;
      await notify(payload).then(
        () => undefined,
        (error: unknown) => onError(error, 'live: NOTIFY failed'),
      );
    },
    subscribe: (userId, listener) => (closed ? () => {} : fanout.add(userId, listener)),
    watchSession: (sessionId, onEnd) => (closed ? () => {} : fanout.watch(sessionId, onEnd)),
    subscriberCount: () => fanout.size,
    async close() {
      if (closed) return;
      closed = true;
      clearTimeout(batch);
      fanout.clear();
      await stop();
    },
  };
}

type PgliteClient = NonNullable<Database['pglite']>;

async function createPgliteHub(
  pglite: PgliteClient,
  onError: (error: unknown, what: string) => void,
): Promise<LiveHub> {
  const fanout = new Fanout(onError);
  const unlisten = await pglite.listen(liveChannel, (payload) => fanout.deliver(payload));
  return liveHub(
    fanout,
    onError,
    (payload) => pglite.query('select pg_notify($1, $2)', [liveChannel, payload]),
    async () => {
      if (!pglite.closed) await unlisten().catch((error: unknown) => onError(error, 'live: UNLISTEN failed'));
    },
  );
}

async function createPostgresHub(
  pool: pg.Pool,
  reconnectMs: number,
  onError: (error: unknown, what: string) => void,
): Promise<LiveHub> {
  const fanout = new Fanout(onError);
  let closed = false;
  let listener: pg.Client | null = null;
  let retryTimer: NodeJS.Timeout | undefined;
  let delay = reconnectMs;

  // One connection of its own, outside the pool: LISTEN belongs to a session, and a pooled
  // connection would be handed to other queries.
  async function connect(): Promise<pg.Client> {
    const client = new pg.Client(pool.options);
    client.on('notification', (message) => {
      if (message.channel === liveChannel) fanout.deliver(message.payload);
    });
    client.on('error', (error) => {
      onError(error, 'live: LISTEN connection failed');
      lost(client);
    });
    client.on('end', () => lost(client));
    await client.connect();
    try {
      await client.query(`LISTEN ${liveChannel}`);
    } catch (error) {
      await client.end().catch(() => undefined);
      throw error;
    }
    return client;
  }

  /** The LISTEN connection is gone: open another, with backoff, then tell subscribers to read again. */
  function lost(client: pg.Client) {
    if (closed || listener !== client) return;
    listener = null;
    client.end().catch(() => undefined);
    schedule();
  }

  function schedule() {
    if (closed || retryTimer) return;
    retryTimer = setTimeout(async () => {
      retryTimer = undefined;
      try {
        const client = await connect();
        if (closed) {
          await client.end().catch(() => undefined);
          return;
        }
        listener = client;
        delay = reconnectMs;
        // Whatever was published while we were away did not reach this instance.
        fanout.everyone({ type: 'resync', data: {} });
        fanout.changed();
      } catch (error) {
        onError(error, 'live: could not listen again');
        delay = Math.min(delay * 2, 10_000);
        schedule();
      }
    }, delay);
    retryTimer.unref();
  }

  listener = await connect();

  return liveHub(
    fanout,
    onError,
    (payload) => pool.query('select pg_notify($1, $2)', [liveChannel, payload]),
    async () => {
      closed = true;
      clearTimeout(retryTimer);
      const client = listener;
      listener = null;
      await client?.end().catch(() => undefined);
    },
  );
}
