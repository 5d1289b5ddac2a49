import { useEffect, useState } from 'react';

/** The value once it has stayed the same for `delayMs`; `initial` until then (default: at once). */
export function useDebounced<T>(value: T, delayMs: number, initial: T = value): T {
  const [settled, setSettled] = useState(initial);
  useEffect(() => {
    const timer = window.setTimeout(() => setSettled(value), delayMs);
    return () => window.clearTimeout(timer);
  }, [value, delayMs]);
  return settled;
}
