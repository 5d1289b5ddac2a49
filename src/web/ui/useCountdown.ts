// The 100 s code countdown (1 s tick); restart() starts it again after a resend.
import { useCallback, useEffect, useState } from 'react';

export function useCountdown(seconds: number) {
  const [left, setLeft] = useState(seconds);
  useEffect(() => {
    if (left <= 0) return;
    const timer = window.setTimeout(() => setLeft((n) => n - 1), 1000);
    return () => window.clearTimeout(timer);
  }, [left]);
  const restart = useCallback(() => setLeft(seconds), [seconds]);
  return { left, done: left <= 0, restart };
}
