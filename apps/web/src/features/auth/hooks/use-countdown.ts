import { useCallback, useEffect, useState } from 'react';
import { secondsLeft } from '../lib/countdown';

/** A seconds countdown that starts on mount; restart() starts it again (a code was just sent). */
export function useCountdown(total: number): { remaining: number; restart: () => void } {
  const [startedAt, setStartedAt] = useState(() => Date.now());
  const [now, setNow] = useState(() => Date.now());
  const remaining = secondsLeft(startedAt, now, total);
  const running = remaining > 0;

  useEffect(() => {
    if (!running) return;
    const timer = setInterval(() => setNow(Date.now()), 250);
    return () => clearInterval(timer);
  }, [running]);

  const restart = useCallback(() => {
    const at = Date.now();
    setStartedAt(at);
    setNow(at);
  }, []);

  return { remaining, restart };
}
