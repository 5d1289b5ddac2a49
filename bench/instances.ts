// Live events as production runs them: two built servers on one PostgreSQL, 2,000 open streams
// (GET /v1/live) spread over both, then 1,000 messages sent through either instance. Budgets: every
// event reaches its member's stream exactly once; p99 from the send request to the event at the
// recipient ≤ 250 ms; server memory per open stream ≤ 20 KiB (the servers' RSS before and after
// the streams are opened, over the stream count).
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { api, apiPath } from '../src/contract/paths.js';
import { insertMembers, type Member } from './members.js';
import {
  clientAddress,
  inBatches,
  noPostgres,
  percentile,
  rssOf,
  sleep,
  startServer,
  stopServer,
  throwawayDatabase,
  waitFor,
  type Record,
} from './servers.js';

const streamCount = Number(process.env.BENCH_LIVE_STREAMS ?? 2000);
const messageCount = Number(process.env.BENCH_LIVE_MESSAGES ?? 1000);
/**
 * Messages per second, sent on a schedule rather than one after another: a slow answer cannot
 * hold the senders back and so hide its own delay.
 */
const messageRate = Number(process.env.BENCH_LIVE_RATE ?? 200);
/** Streams opened at once; each costs the server two queries. */
const openingConcurrency = 50;
const warmupMembers = 20;

interface Arrival {
  type: string;
  id: string;
  at: number;
}

interface Stream {
  arrivals: Arrival[];
  /** Ended before the bench closed it. */
  endedEarly: boolean;
  close(): void;
}

/**
 * Opens `GET /v1/live` as `token`; resolves once the server's `: connected` comment arrived (the
 * server subscribes before its first byte, so from then on no event can slip past).
 */
function openStream(port: number, token: string): Promise<Stream> {
  return new Promise((resolve, reject) => {
    let closing = false;
    const stream: Stream = {
      arrivals: [],
      endedEarly: false,
      close: () => {
        closing = true;
        request.destroy();
      },
    };
    const request = http.get(
      {
        host: '127.0.0.1',
        port,
        path: apiPath(api.liveEvents),
        headers: { authorization: `Bearer ${token}`, accept: 'text/event-stream' },
        // One connection per stream, as browsers hold them; a shared agent would queue them.
        agent: false,
      },
      (response) => {
        if (response.statusCode !== 200) {
          response.resume();
          reject(new Error(`GET /v1/live answered ${response.statusCode}`));
          return;
        }
        response.setEncoding('utf8');
        let buffer = '';
        response.on('data', (chunk: string) => {
          const at = performance.now();
          buffer += chunk;
          for (let end = buffer.indexOf('\n\n'); end >= 0; end = buffer.indexOf('\n\n')) {
            const block = buffer.slice(0, end);
            buffer = buffer.slice(end + 2);
            let type: string | undefined;
            let data: string | undefined;
            for (const line of block.split('\n')) {
              if (line.startsWith('event: ')) type = line.slice('event: '.length);
              else if (line.startsWith('data: ')) data = line.slice('data: '.length);
              else if (line === ': connected') {
                request.setTimeout(0);
                resolve(stream);
              }
            }
            if (type && data) {
              const { _id } = JSON.parse(data) as { _id: string | null };
              stream.arrivals.push({ type, id: String(_id), at });
            }
          }
        });
        response.on('close', () => {
          if (!closing) stream.endedEarly = true;
        });
      },
    );
    request.on('error', (error) => {
      if (!closing) reject(error);
    });
    // A stream that never says `connected` fails the run instead of holding it for ever.
    request.setTimeout(10_000, () => {
      request.setTimeout(0);
      reject(new Error('GET /v1/live: no `connected` within 10 s'));
    });
  });
}

/** The same pairs on every run (mulberry32). */
function seededRandom(seed: number) {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Sends one message as `from` (the `fromIndex`th client) through the instance on `port`; answers its id. */
async function send(port: number, from: Member, fromIndex: number, to: Member, text: string): Promise<string> {
  const response = await fetch(`http://127.0.0.1:${port}${apiPath(api.sendMessage)}`, {
    method: 'POST',
    headers: {
      authorization: `Bearer ${from.token}`,
      'content-type': 'application/json',
      'x-forwarded-for': clientAddress(fromIndex),
    },
    body: JSON.stringify({ toUser: to.id, message: text }),
  });
  const body = (await response.json()) as { data?: { _id: string }; message?: string };
  if (!response.ok || !body.data) throw new Error(`send message: ${response.status} ${body.message ?? ''}`);
  return body.data._id;
}

export async function liveBudgets(serverEntry: string, ports: [number, number], record: Record) {
  const label = `live events, 2 instances, ${streamCount} streams`;
  const database = await throwawayDatabase('live');
  if (!database) {
    record(label, noPostgres(), false);
    return;
  }
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'doorstep-bench-live-'));
  // TRUST_PROXY: each member sends from an address of its own (`clientAddress`).
  const env = { DATABASE_URL: database.url, DATA_DIR: dataDir, SEED: '0', TRUST_PROXY: '1' };
  // Started together, as a deployment would: the migrations make the second one wait.
  const servers = ports.map((port) => startServer(serverEntry, port, env));
  const warmStreams: Stream[] = [];
  const streams: Stream[] = [];
  try {
    await Promise.all(
      ports.map((port, i) => waitFor(`http://127.0.0.1:${port}${apiPath(api.health)}`, 60_000, servers[i])),
    );
    const members = await insertMembers(database.url, 'live', streamCount + warmupMembers, 'customer');
    const measured = members.slice(0, streamCount);
    const instanceOf = (member: number) => member % 2;

    // Warm both instances on members of their own: open streams, send. As many streams open at
    // once as below, so each database pool has grown to its working size before `before` (a fixed
    // cost, not one per stream). They stay open: closed, they would leave freed memory for the
    // measured streams to fill (a member may hold 5 streams per instance).
    const warm = members.slice(streamCount);
    warmStreams.push(
      ...(await Promise.all(
        ports.flatMap((port) =>
          Array.from({ length: openingConcurrency }, (_, i) => openStream(port, warm[i % warm.length]!.token)),
        ),
      )),
    );
    for (let i = 0; i < warm.length * 2; i++) {
      await send(ports[i % 2]!, warm[i % warm.length]!, streamCount + i, warm[(i + 1) % warm.length]!, 'warm-up');
    }
    await sleep(500);

    const rss = () => servers.reduce((sum, server) => sum + rssOf(server.pid!), 0);
    const open = (from: number, to: number) =>
      inBatches(measured.slice(from, to), openingConcurrency, (member, i) =>
        openStream(ports[instanceOf(from + i)]!, member.token),
      );
    const before = rss();
    const half = Math.floor(streamCount / 2);
    streams.push(...(await open(0, half)));
    await sleep(500);
    const halfway = rss();
    streams.push(...(await open(half, streamCount)));
    await sleep(1000);
    const after = rss();
    const perStreamKiB = (after - before) / streamCount / 1024;
    // The second half alone leaves out what the first streams cost once (a heap grown to the load).
    const marginalKiB = (after - halfway) / (streamCount - half) / 1024;
    record(
      `server memory per open live stream (${streamCount} streams, 2 instances)`,
      `${perStreamKiB.toFixed(1)} KiB (budget ≤ 20 KiB); the second half of the streams ${marginalKiB.toFixed(1)} KiB each`,
      perStreamKiB <= 20,
    );

    // Random pairs of members, through either instance: some meet on one instance, most cross.
    const random = seededRandom(42);
    const pairs = Array.from({ length: messageCount }, () => {
      const from = Math.floor(random() * streamCount);
      const to = (from + 1 + Math.floor(random() * (streamCount - 1))) % streamCount;
      return { from, to };
    });
    const sentAt: number[] = [];
    const answered: number[] = [];
    const ids: string[] = [];
    const started = performance.now();
    const sending = pairs.map(async ({ from, to }, i) => {
      await sleep(Math.max(0, started + (i * 1000) / messageRate - performance.now()));
      sentAt[i] = performance.now();
      ids[i] = await send(ports[i % 2]!, measured[from]!, from, measured[to]!, `bench message ${i}`);
      answered[i] = performance.now() - sentAt[i]!;
    });
    await Promise.all(sending);
    // Until every message event is in, or 5 s after the last answer.
    const expected = messageCount * 2;
    const wanted = new Set(ids);
    const deadline = performance.now() + 5000;
    const received = () =>
      streams.reduce((n, s) => n + s.arrivals.filter((a) => a.type === 'message' && wanted.has(a.id)).length, 0);
    while (received() < expected && performance.now() < deadline) await sleep(50);

    // Per stream: how often each event came, and when the message events came.
    let missing = 0;
    let duplicated = 0;
    let misdelivered = 0;
    const latencies: number[] = [];
    const counts = streams.map((stream) => {
      const seen = new Map<string, { n: number; at: number }>();
      for (const { type, id, at } of stream.arrivals) {
        const key = `${type}:${id}`;
        const entry = seen.get(key);
        if (entry) entry.n++;
        else seen.set(key, { n: 1, at });
      }
      for (const entry of seen.values()) if (entry.n > 1) duplicated += entry.n - 1;
      return seen;
    });
    const addressees = new Map<string, Set<number>>();
    pairs.forEach(({ from, to }, i) => {
      addressees.set(ids[i]!, new Set([from, to]));
      for (const member of [from, to]) {
        const entry = counts[member]!.get(`message:${ids[i]}`);
        if (!entry) missing++;
        else if (member === to) latencies.push(entry.at - sentAt[i]!);
      }
    });
    counts.forEach((seen, member) => {
      for (const key of seen.keys()) {
        const [type, id] = key.split(':') as [string, string];
        if (type === 'message' && !addressees.get(id)?.has(member)) misdelivered++;
      }
    });
    const endedEarly = streams.filter((s) => s.endedEarly).length;
    const crossing = pairs.filter(({ to }, i) => instanceOf(to) !== i % 2).length;
    record(
      `${label}: each event delivered exactly once`,
      `${messageCount} messages (${crossing} sent through the other instance than the recipient's) → ${expected - missing}/${expected} message events; ` +
        `${missing} missing, ${duplicated} duplicated, ${misdelivered} to the wrong member, ${endedEarly} streams ended early`,
      missing === 0 && duplicated === 0 && misdelivered === 0 && endedEarly === 0,
    );
    const p99 = percentile(latencies, 0.99);
    record(
      `${label}: delivery p99 at ${messageRate} messages/s`,
      `${p99.toFixed(1)} ms, p50 ${percentile(latencies, 0.5).toFixed(1)} ms (budget p99 ≤ 250 ms); ` +
        `the send request answered in p99 ${percentile(answered, 0.99).toFixed(1)} ms`,
      latencies.length > 0 && p99 <= 250,
    );
  } finally {
    for (const stream of [...warmStreams, ...streams]) stream.close();
    await Promise.all(servers.map(stopServer));
    await database.drop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}
