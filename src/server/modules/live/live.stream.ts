// One server-sent events stream: headers, the `retry:` hint, events as they come, a heartbeat
// comment, and a clean end when the client goes away, the server closes, or `endsAt` passes.
import type { ServerResponse } from 'node:http';
import type { LiveEvent } from '../../../contract/notifications.js';
import type { LiveListener } from '../../platform/live.js';

export interface EventStreamOptions {
  heartbeatMs: number;
  retryMs: number;
  /** The stream ends at this time (its session's expiry) if nothing ended it before. */
  endsAt?: Date;
  /** Called once when the stream ends, whoever ended it. */
  onEnd?(): void;
}

/**
 * Written before a stream ends because this server is shutting down: the client reconnects after
 * `retry:` (to another instance behind the balancer). Clients that do not know the event name
 * ignore it and reconnect all the same, since the stream ends.
 */
export const reconnectEvent = (retryMs: number) => `retry: ${retryMs}\nevent: reconnect\ndata: {}\n\n`;

/** `event: message\ndata: {...}\n\n`; JSON has no raw newlines, so one data line is enough. */
export const formatEvent = (event: LiveEvent) => `event: ${event.type}\ndata: ${JSON.stringify(event.data)}\n\n`;

const maxTimerMs = 2 ** 31 - 1;

/** Ends a stream; `shutdown` first tells the client to reconnect. */
export type EndStream = (reason?: 'shutdown') => void;

/** Starts the stream on a hijacked response; answers the function that ends it. */
export function openEventStream(
  response: ServerResponse,
  subscribe: (listener: LiveListener) => () => void,
  options: EventStreamOptions,
): EndStream {
  let ended = false;
  const write = (chunk: string) => {
    if (!ended && !response.writableEnded) response.write(chunk);
  };
  // Subscribed before the first byte: once a client sees the headers, no event can slip past it.
  const unsubscribe = subscribe((event) => write(formatEvent(event)));
  response.writeHead(200, {
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-cache, no-transform',
    // The stream holds its connection until it ends; nothing comes after it on that connection.
    connection: 'close',
    // Proxies (nginx) must pass events on at once, not buffer them.
    'x-accel-buffering': 'no',
  });
  write(`retry: ${options.retryMs}\n: connected\n\n`);
  const heartbeat = setInterval(() => write(': ping\n\n'), options.heartbeatMs);
  let expiry: NodeJS.Timeout | undefined;

  const end: EndStream = (reason) => {
    if (ended) return;
    if (reason === 'shutdown') write(reconnectEvent(options.retryMs));
    ended = true;
    clearInterval(heartbeat);
    clearTimeout(expiry);
    unsubscribe();
    if (!response.writableEnded) response.end();
    options.onEnd?.();
  };
  // The response's 'close' is the client going away (the request's fires once its body is read).
  response.on('close', () => end());
  response.on('error', () => end());
  if (options.endsAt) {
    const at = options.endsAt.getTime();
    // A timer waits at most 2^31 - 1 ms (about 24.8 days) and sessions last longer: wait in steps.
    // Never ends before this function returns, even when `endsAt` has passed.
    const waitForExpiry = () => {
      expiry = setTimeout(
        () => (Date.now() >= at ? end() : waitForExpiry()),
        Math.min(Math.max(at - Date.now(), 0), maxTimerMs),
      );
    };
    waitForExpiry();
  }
  return end;
}
