import type { TChatRoom } from '@rounds/contracts/chat';
import { ApiError } from '../../../lib/api-client';
import { queryClient } from '../../../lib/query-client';
import { CHAT_ROOMS_KEY, chatRoomsPredateConnection, refreshChatRooms } from '../api/get-chat-rooms';
import { CATCH_UP_PAGE, getMessages } from '../api/get-messages';
import { lastSeqOf } from '../lib/merge-messages';
import { withoutRoom } from '../lib/rooms-cache';
import { useMessages } from '../stores/messages';

const running = new Map<string, Promise<void>>();

/**
 * Fetches what came after the last message held in a room (after = its seq), page by page while the server
 * has more (ARCHITECTURE.md, delivery model). Runs one at a time per room; a second request waits for the
 * first and continues from wherever it got to.
 */
export function catchUpRoom(twId: string, after?: number): Promise<void> {
  const previous = running.get(twId) ?? Promise.resolve();
  const next = previous
    .then(() => fetchAfter(twId, after))
    .finally(() => {
      if (running.get(twId) === next) running.delete(twId);
    });
  running.set(twId, next);
  return next;
}

async function fetchAfter(twId: string, after: number | undefined): Promise<void> {
  const held = useMessages.getState().rooms[twId];
  if (!held) return;
  let cursor = after ?? lastSeqOf(held.messages);
  try {
    for (;;) {
      const page = await getMessages({ twId, after: cursor, limit: CATCH_UP_PAGE }, { toast: false });
      useMessages.getState().add(twId, page.messages);
      const last = page.messages.at(-1)?.seq;
      if (!page.hasMore || last === undefined || last <= cursor) return;
      cursor = last;
    }
  } catch (error) {
    // No longer a member (removed while away, or the room deleted): it leaves this user's screens.
    if (error instanceof ApiError && (error.status === 403 || error.status === 404)) {
      useMessages.getState().drop(twId);
      queryClient.setQueryData<TChatRoom[]>(CHAT_ROOMS_KEY, (rooms) => rooms && withoutRoom(rooms, twId));
    }
    // Anything else (network, server restarting): the next connection tries again.
  }
}

/**
 * After every (re)connection: each loaded room continues from its last seq, and the room list is refetched
 * when it was asked for before this connection (always after a real reconnect; not on a first load, whose
 * list waits for the socket). The room list is left out of the broad invalidation so it is asked for once.
 */
export async function catchUpAll(): Promise<void> {
  void queryClient.invalidateQueries({
    queryKey: ['chat'],
    predicate: (query) => query.queryKey[1] !== CHAT_ROOMS_KEY[1],
  });
  if (chatRoomsPredateConnection()) void refreshChatRooms();
  await Promise.all(Object.keys(useMessages.getState().rooms).map((twId) => catchUpRoom(twId)));
}
