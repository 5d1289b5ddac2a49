// Writes made while the browser is offline wait here until the connection is back, rather than
// failing at once (work lost) or going through later unseen: the offline banner says how many
// wait and lets the member cancel them, the submit's own button stays busy meanwhile, and leaving
// the page while one waits asks first. A held write keeps the idempotency key it was given at
// submit, so a retry of the same submit is still answered once.
import { text } from '../../contract/messages.js';
import { ApiError } from './api-error.js';

interface Waiter {
  release(): void;
  cancel(reason: Error): void;
}

const waiting = new Set<Waiter>();
const listeners = new Set<() => void>();
let sentSinceHold = 0;

function changed() {
  for (const listener of listeners) listener();
}

function onOnline() {
  for (const waiter of [...waiting]) waiter.release();
}

function onLeave(event: BeforeUnloadEvent) {
  event.preventDefault();
}

function track(waiter: Waiter, add: boolean) {
  if (add) waiting.add(waiter);
  else waiting.delete(waiter);
  if (add && waiting.size === 1) {
    window.addEventListener('online', onOnline);
    window.addEventListener('beforeunload', onLeave);
  }
  if (!add && waiting.size === 0) {
    window.removeEventListener('online', onOnline);
    window.removeEventListener('beforeunload', onLeave);
  }
  changed();
}

/** The browser says it has no connection (never on the server, which draws pages online). */
export function isOffline(): boolean {
  return typeof navigator !== 'undefined' && navigator.onLine === false;
}

export const heldWrites = {
  /** How many writes wait for the connection. */
  count: (): number => waiting.size,
  /** How many held writes went through since the last `acknowledge`: the banner says so once. */
  sent: (): number => sentSinceHold,
  acknowledge() {
    sentSinceHold = 0;
    changed();
  },
  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  /** Cancels every waiting write: each fails with `text.heldCancelled`, and nothing is sent. */
  cancelAll() {
    for (const waiter of [...waiting]) waiter.cancel(new ApiError(text.heldCancelled, 0));
  },
};

/**
 * Sends `send` now, or once the browser is online again when it is offline now. An abort of
 * `signal` while it waits ends it as the fetch would have.
 */
export async function sendWhenOnline<T>(send: () => Promise<T>, signal?: AbortSignal): Promise<T> {
  if (!isOffline()) return send();
  await new Promise<void>((resolve, reject) => {
    const waiter: Waiter = {
      release: () => {
        signal?.removeEventListener('abort', aborted);
        track(waiter, false);
        resolve();
      },
      cancel: (reason) => {
        signal?.removeEventListener('abort', aborted);
        track(waiter, false);
        reject(reason);
      },
    };
    const aborted = () => waiter.cancel(new DOMException('The write was aborted.', 'AbortError'));
    signal?.addEventListener('abort', aborted, { once: true });
    track(waiter, true);
  });
  const result = await send();
  sentSinceHold += 1;
  changed();
  return result;
}
