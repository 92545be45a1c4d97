import { useEffect, useState } from 'react';
import { callDuration } from '../../chat/lib/system-message';

/** Elapsed time since the call started, m:ss or H:mm:ss from an hour, ticking each second (doc 2 section 9). */
export function CallTimer({ since }: { since: number }) {
  const [now, setNow] = useState(Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1_000);
    return () => clearInterval(timer);
  }, []);
  return <span aria-live="off">{callDuration((now - since) / 1000)}</span>;
}
