// Idempotency keys for the writes that move money (the server's platform/idempotency.ts): the same
// form sending the same values again, as a retry after an answer that got lost or a second click,
// sends the same key and gets the first answer; different values, or a new submit after a success,
// get a new one.
import { useState } from 'react';

/** 128 random bits as hex: getRandomValues works outside secure contexts too, unlike randomUUID. */
function randomHex(): string {
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, '0')).join('');
}

/** A 53-bit hash of a string (cyrb53), as hex: tells two submits' values apart. */
function hashOf(text: string): string {
  let h1 = 0xdeadbeef;
  let h2 = 0x41c6ce57;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    h1 = Math.imul(h1 ^ c, 2654435761);
    h2 = Math.imul(h2 ^ c, 1597334677);
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  return (4294967296 * (2097151 & h2) + (h1 >>> 0)).toString(16);
}

export interface SubmitKeys {
  /** The key for a submit of `values`. */
  for(values: unknown): string;
  /** After a success: the next submit, even of the same values, is a new request. */
  renew(): void;
}

export function submitKeys(): SubmitKeys {
  let nonce: string | undefined;
  return {
    for: (values) => `${(nonce ??= randomHex())}.${hashOf(JSON.stringify(values))}`,
    renew: () => void (nonce = undefined),
  };
}

/** `submitKeys` kept for the life of the component that submits. */
export function useSubmitKeys(): SubmitKeys {
  const [keys] = useState(submitKeys);
  return keys;
}
