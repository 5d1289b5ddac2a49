import { describe, expect, it } from 'vitest';
import { submitKeys } from './submit-key.js';

describe('submitKeys', () => {
  it('gives the same values the same key until a success, and other values another', () => {
    const keys = submitKeys();
    const first = keys.for({ amount: 10 });
    expect(keys.for({ amount: 10 })).toBe(first);
    expect(keys.for({ amount: 20 })).not.toBe(first);
    keys.renew();
    expect(keys.for({ amount: 10 })).not.toBe(first);
    // What the server takes: 1 to 100 visible ASCII characters.
    expect(first).toMatch(/^[\x21-\x7e]{1,100}$/);
    expect(submitKeys().for({ amount: 10 })).not.toBe(first);
  });
});
