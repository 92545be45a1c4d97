import type { TChatRoom } from '@rounds/contracts/chat';
import { LIMITS } from '@rounds/contracts/limits';
import { useCallback, useEffect, useRef, useState } from 'react';
import { queryClient } from '../../../lib/query-client';
import { CHAT_ROOMS_KEY } from '../api/get-chat-rooms';
import { getMessages } from '../api/get-messages';
import { catchUpRoom } from '../delivery/catch-up';
import { lastSeqOf } from '../lib/merge-messages';
import { useMessages } from '../stores/messages';
import { noteRetainedFrom, useRetainedFrom } from '../stores/retained-from';

export type TRoomMessagesStatus = 'loading' | 'ready' | 'error';

/**
 * The messages of the open room: the newest page on first opening (spec doc 1 section 9, 100), what came
 * since on a later visit, and older pages on demand (loadOlder, before the first seq held).
 */
export function useRoomMessages(twId: string) {
  const held = useMessages((s) => s.rooms[twId]);
  const [status, setStatus] = useState<TRoomMessagesStatus>(() => (held ? 'ready' : 'loading'));
  const [attempt, setAttempt] = useState(0);
  const [loadingOlder, setLoadingOlder] = useState(false);
  const olderInFlight = useRef(false);
  const retainedFrom = useRetainedFrom((s) => s.rooms[twId]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: attempt: the Retry button asks again
  useEffect(() => {
    let cancelled = false;
    if (useMessages.getState().rooms[twId]) {
      setStatus('ready');
      // The socket kept it current while connected; this covers anything it could not.
      void catchUpRoom(twId);
      return;
    }
    setStatus('loading');
    getMessages({ twId, limit: LIMITS.messageFetchDefault }, { toast: false })
      .then((page) => {
        useMessages.getState().setLatest(twId, page.messages, page.hasMore);
        noteRetainedFrom(twId, page.retainedFrom);
        if (!cancelled) setStatus('ready');
        // Messages of a room not yet held are not kept from the socket: if one arrived while the page was on
        // its way, the room list knows a higher seq, and a catch-up fetches it.
        const listed = queryClient.getQueryData<TChatRoom[]>(CHAT_ROOMS_KEY)?.find((room) => room.twId === twId);
        const now = useMessages.getState().rooms[twId];
        if (listed && now && listed.lastSeq > lastSeqOf(now.messages)) void catchUpRoom(twId);
      })
      .catch(() => {
        if (!cancelled) setStatus('error');
      });
    return () => {
      cancelled = true;
    };
  }, [twId, attempt]);

  const loadOlder = useCallback(async () => {
    const current = useMessages.getState().rooms[twId];
    const first = current?.messages[0]?.seq;
    if (!current?.hasOlder || first === undefined || olderInFlight.current) return;
    olderInFlight.current = true;
    setLoadingOlder(true);
    try {
      const page = await getMessages({ twId, before: first, limit: LIMITS.messageFetchDefault });
      useMessages.getState().addOlder(twId, page.messages, page.hasMore);
      noteRetainedFrom(twId, page.retainedFrom);
    } catch {
      // The toast has said it; scrolling up again tries again.
    } finally {
      olderInFlight.current = false;
      setLoadingOlder(false);
    }
  }, [twId]);

  return {
    messages: held?.messages,
    hasOlder: held?.hasOlder ?? false,
    /** Messages before this time were removed by the hospital's retention policy. */
    retainedFrom,
    status: held ? 'ready' : status,
    loadingOlder,
    loadOlder,
    retry: () => setAttempt((n) => n + 1),
  };
}
