// A write made offline: it waits for the `online` event and is then sent once, or is cancelled or
// aborted without being sent; the banner's figures follow. The window is a bare EventTarget and
// the browser's connection flag a plain object.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { text } from '../../contract/messages.js';
import { ApiError } from './api-error.js';
import { heldWrites, sendWhenOnline } from './held.js';

const connection = { onLine: true };
const browser = new EventTarget();

beforeEach(() => {
  vi.stubGlobal('window', browser);
  vi.stubGlobal('navigator', connection);
  connection.onLine = false;
});

afterEach(() => {
  heldWrites.cancelAll();
  heldWrites.acknowledge();
  vi.unstubAllGlobals();
});

function goOnline() {
  connection.onLine = true;
  browser.dispatchEvent(new Event('online'));
}

/** Lets pending promise callbacks run. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('sendWhenOnline', () => {
  it('sends at once while online, and counts nothing as held', async () => {
    connection.onLine = true;
    const send = vi.fn(async () => 'answer');
    await expect(sendWhenOnline(send)).resolves.toBe('answer');
    expect(send).toHaveBeenCalledTimes(1);
    expect(heldWrites.sent()).toBe(0);
  });

  it('holds a write while offline and sends it once when the connection is back', async () => {
    const send = vi.fn(async () => 'answer');
    const result = sendWhenOnline(send);
    await settle();
    expect(send).not.toHaveBeenCalled();
    expect(heldWrites.count()).toBe(1);

    goOnline();
    await expect(result).resolves.toBe('answer');
    expect(send).toHaveBeenCalledTimes(1);
    expect(heldWrites.count()).toBe(0);
    expect(heldWrites.sent()).toBe(1);
  });

  it('cancelling fails every held write with a message, and sends none even once online', async () => {
    const send = vi.fn(async () => 'answer');
    const first = sendWhenOnline(send);
    const second = sendWhenOnline(send);
    expect(heldWrites.count()).toBe(2);

    heldWrites.cancelAll();
    await expect(first).rejects.toEqual(new ApiError(text.heldCancelled, 0));
    await expect(second).rejects.toBeInstanceOf(ApiError);
    goOnline();
    await settle();
    expect(send).not.toHaveBeenCalled();
    expect(heldWrites.count()).toBe(0);
    expect(heldWrites.sent()).toBe(0);
  });

  it('an abort ends the wait as an aborted fetch would', async () => {
    const send = vi.fn(async () => 'answer');
    const controller = new AbortController();
    const result = sendWhenOnline(send, controller.signal);
    controller.abort();
    await expect(result).rejects.toMatchObject({ name: 'AbortError' });
    goOnline();
    await settle();
    expect(send).not.toHaveBeenCalled();
  });

  it('tells its listeners when the count changes', async () => {
    const listener = vi.fn();
    const stop = heldWrites.subscribe(listener);
    const result = sendWhenOnline(async () => 'answer');
    expect(listener).toHaveBeenCalledTimes(1);
    goOnline();
    await result;
    // Released, then sent.
    expect(listener).toHaveBeenCalledTimes(3);
    stop();
  });
});
