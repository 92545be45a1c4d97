import { useEffect, useState } from 'react';
import { callClock } from '../call-clock';

/** Elapsed time since the call started, mm:ss or HH:mm:ss from an hour, ticking each second (doc 2 section 9). */
export function CallTimer({ since }: { since: number }) {
  const [now, setNow] = useState(Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1_000);
    return () => clearInterval(timer);
  }, []);
  return <span aria-live="off">{callClock((now - since) / 1000)}</span>;
}
