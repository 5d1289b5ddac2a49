// The live stream as the page sees it: the text/event-stream parser (events split across chunks,
// multi-line data, comments, retry:) and, through startLive with a stubbed fetch, the events
// handed on (a resync first, malformed or unknown events skipped, the stream read on) and a
// refused token ending it.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { LiveEvent } from '../../../contract/notifications.js';
import { readEvents, startLive } from './liveStream.js';

const encoder = new TextEncoder();

/** A body that delivers these chunks (strings or raw bytes) one read at a time. */
function body(...chunks: (string | Uint8Array)[]): ReadableStream<Uint8Array> {
  let i = 0;
  return new ReadableStream<Uint8Array>({
    pull(controller) {
      const chunk = chunks[i++];
      if (chunk === undefined) controller.close();
      else controller.enqueue(typeof chunk === 'string' ? encoder.encode(chunk) : chunk);
    },
  });
}

/** Everything readEvents reports for a body. */
async function read(stream: ReadableStream<Uint8Array>, onEvent?: (name: string, data: string) => void) {
  const events: [string, string][] = [];
  const retries: number[] = [];
  let reads = 0;
  await readEvents(
    stream,
    (name, data) => {
      events.push([name, data]);
      onEvent?.(name, data);
    },
    (ms) => retries.push(ms),
    () => reads++,
  );
  return { events, retries, reads };
}

describe('readEvents', () => {
  it('reads named events and defaults the name to message', async () => {
    const { events } = await read(body('event: notification\ndata: {"a":1}\n\ndata: plain\n\n'));
    expect(events).toEqual([
      ['notification', '{"a":1}'],
      ['message', 'plain'],
    ]);
  });

  it('puts together an event split across chunks, even inside a line or the blank line', async () => {
    const { events } = await read(body('eve', 'nt: mess', 'age\ndata: {"_id":', '"m1"}\n', '\nda', 'ta: 2\n\n'));
    expect(events).toEqual([
      ['message', '{"_id":"m1"}'],
      ['message', '2'],
    ]);
  });

  it('decodes a character whose bytes are split across chunks', async () => {
    const bytes = encoder.encode('data: café ☕\n\n');
    const cut = bytes.indexOf(0xc3) + 1; // inside the two bytes of é
    const { events } = await read(body(bytes.slice(0, cut), bytes.slice(cut)));
    expect(events).toEqual([['message', 'café ☕']]);
  });

  it('joins the data lines of one event with newlines', async () => {
    const { events } = await read(body('data: first\ndata: second\ndata:\ndata:  indented\n\n'));
    expect(events).toEqual([['message', 'first\nsecond\n\n indented']]);
  });

  it('reads CRLF line endings', async () => {
    const { events } = await read(body('event: resync\r\ndata: {}\r\n\r\ndata: x\r\n\r\n'));
    expect(events).toEqual([
      ['resync', '{}'],
      ['message', 'x'],
    ]);
  });

  it('skips comments (heartbeats), but each read counts as a sign of life', async () => {
    const { events, reads } = await read(body(': connected\n\n', ':\n\n', ': ping\ndata: after\n\n'));
    expect(events).toEqual([['message', 'after']]);
    expect(reads).toBe(3);
  });

  it('hands on retry: values that are whole numbers, and ignores others', async () => {
    const { events, retries } = await read(body('retry: 5000\n\nretry: soon\n\nretry: -1\nretry:250\n\n'));
    expect(retries).toEqual([5000, 250]);
    expect(events).toEqual([]);
  });

  it('delivers no event for a block without data, nor for an unfinished one at the end', async () => {
    const { events } = await read(body('event: notification\n\nid: 7\n\ndata: unfinished\n'));
    expect(events).toEqual([]);
  });

  it('reads on after an event its handler could not take', async () => {
    const { events } = await read(body('data: {broken\n\ndata: {"ok":true}\n\n'), (_name, data) => JSON.parse(data));
    expect(events.map(([, data]) => data)).toEqual(['{broken', '{"ok":true}']);
  });
});

describe('startLive', () => {
  const received: LiveEvent[] = [];
  const refused: number[] = [];
  let stop: (() => void) | undefined;

  beforeEach(() => {
    received.length = 0;
    refused.length = 0;
    // One tab, no Web Locks: the stream is read directly.
    vi.stubGlobal('BroadcastChannel', undefined);
    vi.stubGlobal('navigator', {});
  });
  afterEach(() => {
    stop?.();
    stop = undefined;
    vi.unstubAllGlobals();
  });

  const follow = () => {
    stop = startLive({
      token: 'tok',
      userId: 'u1',
      onEvent: (event) => received.push(event),
      onRefused: (status) => refused.push(status),
    });
  };

  it('sends the token, starts with a resync, then hands on the events it can read', async () => {
    const fetch = vi.fn(
      async () =>
        new Response(
          body(
            ': hello\n\n',
            'event: message\ndata: {"_id":"m1","fromUser":"a","toUser":"u1","createdAt":"2026-01-01"}\n\n',
            'event: notification\ndata: {not json\n\n',
            'event: typing\ndata: {"who":"a"}\n\n',
            'event: notification\ndata: {"_id":"n1",\ndata: "kind":"booking","broadcast":false}\n\n',
          ),
          { status: 200, headers: { 'content-type': 'text/event-stream' } },
        ),
    );
    vi.stubGlobal('fetch', fetch);
    follow();
    await vi.waitFor(() => expect(received).toHaveLength(3));
    expect(received).toEqual([
      { type: 'resync', data: {} },
      { type: 'message', data: { _id: 'm1', fromUser: 'a', toUser: 'u1', createdAt: '2026-01-01' } },
      { type: 'notification', data: { _id: 'n1', kind: 'booking', broadcast: false } },
    ]);
    const [url, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/v1/live');
    expect(init.headers).toMatchObject({ authorization: 'Bearer tok', accept: 'text/event-stream' });
    expect(refused).toEqual([]);
  });

  it.each([401, 403])('stops for good when the server refuses with %i', async (status) => {
    const fetch = vi.fn(async () => new Response(JSON.stringify({ status: 0, message: 'no' }), { status }));
    vi.stubGlobal('fetch', fetch);
    follow();
    await vi.waitFor(() => expect(refused).toEqual([status]));
    expect(received).toEqual([]);
    expect(fetch).toHaveBeenCalledTimes(1);
  });
});
