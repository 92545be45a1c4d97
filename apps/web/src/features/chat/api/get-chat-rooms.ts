import { chatRoomRoutes } from '@rounds/contracts/chat';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-call';
import { queryClient } from '../../../lib/query-client';
import { lastSocketConnectAt, socketReady } from '../../../lib/socket';

/** The room list; realtime.ts keeps it current in place and refetches it after a reconnect. */
export const CHAT_ROOMS_KEY = ['chat', 'rooms'] as const;

/** How long the first list waits for the socket before asking anyway (a reconnect then refetches it). */
const SOCKET_WAIT_MS = 3_000;

// performance.now() when the list was last requested; undefined until it is.
let requestedAt: number | undefined;

/** GET /chat-room (spec doc 1 section 7): the user's rooms, newest last message first. */
export async function getChatRooms({ signal }: { signal?: AbortSignal } = {}) {
  requestedAt = performance.now();
  const reply = await apiCall(chatRoomRoutes.list, { query: {} }, { signal });
  return reply.data.chatRooms;
}

export function chatRoomsQueryOptions() {
  return queryOptions({
    queryKey: CHAT_ROOMS_KEY,
    // Asked once the socket is up, so the list already holds everything no event will bring: loading /
    // costs one request, not one at mount and another for the connection's catch-up.
    queryFn: async ({ signal }) => {
      await socketReady(SOCKET_WAIT_MS);
      return getChatRooms({ signal });
    },
    // The socket keeps the list current; a refetch on every mount would only flicker the badges.
    staleTime: Number.POSITIVE_INFINITY,
  });
}

export function useChatRooms() {
  return useQuery(chatRoomsQueryOptions());
}

/**
 * Fetches the list again even when no screen shows it (the user is on Contacts), cancelling a fetch in flight:
 * with an endless staleTime, an answer that left before a room was created would otherwise be kept as fresh.
 */
export function refreshChatRooms(): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: CHAT_ROOMS_KEY, refetchType: 'all' });
}

/** The list was requested before the socket's latest connection: events sent in between were missed. */
export function chatRoomsPredateConnection(): boolean {
  return requestedAt !== undefined && requestedAt < lastSocketConnectAt();
}

/** A list request is on its way: whatever it brings back predates what the socket just said. */
export function chatRoomsInFlight(): boolean {
  return queryClient.getQueryState(CHAT_ROOMS_KEY)?.fetchStatus === 'fetching';
}
