import type { TChatRoom } from '@rounds/contracts/chat';
import { useEffect, useRef } from 'react';
import { windowFocused } from '../delivery/focus';
import { markRead } from '../delivery/read-marker';

const behind = (room: Pick<TChatRoom, 'unreadCount' | 'lastReadSeq' | 'lastSeq'>) =>
  room.unreadCount > 0 || room.lastReadSeq < room.lastSeq;

/**
 * Opening a room marks it read; so does anything that leaves the open room behind while the window has focus:
 * coming back to the window, or a refetched list that still counts messages the user has on screen (spec doc
 * 1 section 4: read only while the window has focus). Messages arriving while it is open and focused are
 * marked by the socket handler (realtime.ts), 500 ms after each.
 */
export function useMarkRead(room: TChatRoom): void {
  const { twId, unreadCount, lastReadSeq, lastSeq } = room;
  const latest = useRef(room);
  latest.current = room;
  const opened = useRef<string | null>(null);

  useEffect(() => {
    const opening = opened.current !== twId;
    opened.current = twId;
    if (!behind({ unreadCount, lastReadSeq, lastSeq }) || lastSeq === 0) return;
    // Opening is a click in this window; later changes count only while the user can see them.
    if (opening || windowFocused()) markRead(twId, lastSeq);
  }, [twId, unreadCount, lastReadSeq, lastSeq]);

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
