import type { TChatRoom } from '@rounds/contracts/chat';
import { useEffect, useRef } from 'react';
import { windowFocused } from '../delivery/focus';
import { markRead } from '../delivery/read-marker';

const behind = (room: TChatRoom) => room.unreadCount > 0 || room.lastReadSeq < room.lastSeq;

/**
 * Opening a room marks it read, and so does coming back to the window with the room open (spec doc 1
 * section 4: read only while the window has focus). Messages arriving while it is open and focused are
 * marked by the socket handler (realtime.ts), 500 ms after each.
 */
export function useMarkRead(room: TChatRoom): void {
  const latest = useRef(room);
  latest.current = room;

  // biome-ignore lint/correctness/useExhaustiveDependencies: room.twId: once per room opened, read from the latest copy
  useEffect(() => {
    const current = latest.current;
    if (behind(current) && current.lastSeq > 0) markRead(current.twId, current.lastSeq);
  }, [room.twId]);

  useEffect(() => {
    const onFocus = () => {
      const current = latest.current;
      if (windowFocused() && behind(current) && current.lastSeq > 0) markRead(current.twId, current.lastSeq);
    };
    window.addEventListener('focus', onFocus);
    document.addEventListener('visibilitychange', onFocus);
    return () => {
      window.removeEventListener('focus', onFocus);
      document.removeEventListener('visibilitychange', onFocus);
    };
  }, []);
}
