import { useCallback, useRef } from 'react';

/**
 * A click guard for call buttons: the first click acts, more within `ms` do nothing (doc 2 section 9), so a
 * double tap on a phone does not leave a call and join it again.
 */
export function useThrottle(ms: number): (action: () => void) => void {
  const until = useRef(0);
  return useCallback(
    (action: () => void) => {
      const now = Date.now();
      if (now < until.current) return;
      until.current = now + ms;
      action();
    },
    [ms],
  );
}
