// Reads GET /v1/live (server-sent events) with fetch, so the token travels in the Authorization
// header and never in a URL, and reconnects with backoff. One tab per member holds the connection
// (a Web Lock); it passes every event to the other tabs over a BroadcastChannel, so ten open tabs
// cost one connection, not ten (browsers allow six per host over HTTP/1.1).
import { liveEventNames, type LiveEvent } from '../../../contract/notifications.js';
import { api, apiPath } from '../../../contract/paths.js';

export interface LiveOptions {
  token: string;
  userId: string;
  onEvent(event: LiveEvent): void;
  /** The server refused the token (401) or the member (403): stop, the session is over. */
  onRefused(status: number): void;
  /**
   * Defers the connection: calls `connect` when the page is ready and answers what cancels the
   * wait. Other tabs' events are heard from the start meanwhile, so a tab opened a moment ago
   * misses none of them.
   */
  connectWhen?(connect: () => void): () => void;
}

/** The server sends `retry: 3000`; after repeated failures the wait doubles up to 30 s. */
const maxDelayMs = 30_000;
/** The server comments every 25 s; silence for longer than this means the connection is dead. */
const silenceMs = 60_000;

/** Starts following the member's events; answers the function that stops it. */
export function startLive(options: LiveOptions): () => void {
  const stop = new AbortController();
  const channel = typeof BroadcastChannel === 'function' ? new BroadcastChannel('doorstep-live') : null;
  if (channel) {
    channel.onmessage = (message: MessageEvent<{ userId: string; event: LiveEvent }>) => {
      if (message.data.userId === options.userId) options.onEvent(message.data.event);
    };
  }
  const deliver = (event: LiveEvent) => {
    options.onEvent(event);
    channel?.postMessage({ userId: options.userId, event });
  };
  const follow = () => readWithRetries(options, deliver, stop.signal);

  const connect = () => {
    if (typeof navigator !== 'undefined' && navigator.locks) {
      // Waits while another tab holds the connection; takes over when that tab closes.
      navigator.locks
        .request(`doorstep-live:${options.userId}`, { signal: stop.signal }, follow)
        .catch(() => undefined);
    } else {
      void follow();
    }
  };
  let stopWaiting = () => {};
  if (options.connectWhen) stopWaiting = options.connectWhen(connect);
  else connect();
  return () => {
    stopWaiting();
    stop.abort();
    channel?.close();
  };
}

async function readWithRetries(options: LiveOptions, deliver: (event: LiveEvent) => void, signal: AbortSignal) {
  let retryMs = 3000;
  let failures = 0;
  while (!signal.aborted) {
    const attempt = new AbortController();
    const abort = () => attempt.abort();
    signal.addEventListener('abort', abort);
    let watchdog: ReturnType<typeof setTimeout> | undefined;
    const stillAlive = () => {
      clearTimeout(watchdog);
      watchdog = setTimeout(abort, silenceMs);
    };
    try {
      const response = await fetch(apiPath(api.liveEvents), {
        headers: { authorization: `Bearer ${options.token}`, accept: 'text/event-stream' },
        cache: 'no-store',
        signal: attempt.signal,
      });
      if (response.status === 401 || response.status === 403) {
        options.onRefused(response.status);
        return;
      }
      if (!response.ok || !response.body) throw new Error(`live: ${response.status}`);
      failures = 0;
      stillAlive();
      // Connected: whatever happened while we were away is read again.
      deliver({ type: 'resync', data: {} });
      await readEvents(
        response.body,
        (name, data) => {
          stillAlive();
          if ((liveEventNames as readonly string[]).includes(name))
            deliver({ type: name, data: JSON.parse(data) } as LiveEvent);
        },
        (ms) => {
          retryMs = ms;
        },
        stillAlive,
      );
    } catch {
      // Network error, server gone, or the watchdog: try again below.
    } finally {
      clearTimeout(watchdog);
      signal.removeEventListener('abort', abort);
    }
    if (signal.aborted) return;
    const base = Math.min(maxDelayMs, retryMs * 2 ** Math.min(failures, 4));
    failures++;
    // Jitter: a restarted server is not met by every client at the same instant.
    await sleep(base * (0.5 + Math.random() / 2), signal);
  }
}

/** Parses the text/event-stream format: `event:`, `data:`, `retry:` lines; `:` starts a comment. */
export async function readEvents(
  body: ReadableStream<Uint8Array>,
  onEvent: (name: string, data: string) => void,
  onRetry: (ms: number) => void,
  onBytes: () => void,
) {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return;
    onBytes();
    buffer += decoder.decode(value, { stream: true });
    let end: number;
    while ((end = buffer.search(/\r?\n\r?\n/)) >= 0) {
      const block = buffer.slice(0, end);
      buffer = buffer.slice(end).replace(/^\r?\n\r?\n/, '');
      let name = 'message';
      const data: string[] = [];
      for (const line of block.split(/\r?\n/)) {
        if (line.startsWith(':')) continue;
        const colon = line.indexOf(':');
        const field = colon < 0 ? line : line.slice(0, colon);
        const value = colon < 0 ? '' : line.slice(colon + 1).replace(/^ /, '');
        if (field === 'event') name = value;
        else if (field === 'data') data.push(value);
        else if (field === 'retry' && /^\d+$/.test(value)) onRetry(Number(value));
      }
      if (data.length > 0) {
        try {
          onEvent(name, data.join('\n'));
        } catch {
          // One unreadable event does not end the stream.
        }
      }
    }
  }
}

function sleep(ms: number, signal: AbortSignal) {
  return new Promise<void>((resolve) => {
    const timer = setTimeout(done, ms);
    signal.addEventListener('abort', done, { once: true });
    function done() {
      clearTimeout(timer);
      signal.removeEventListener('abort', done);
      resolve();
    }
  });
}
