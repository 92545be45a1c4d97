import { ZChatRoomsReply } from '@rounds/contracts/chat';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { queryClient } from '../../../lib/query-client';

/** The room list; realtime.ts keeps it current in place and refetches it after a reconnect. */
export const CHAT_ROOMS_KEY = ['chat', 'rooms'] as const;

/** GET /chat-room (spec doc 1 section 7): the user's rooms, newest last message first. */
export async function getChatRooms({ signal }: { signal?: AbortSignal } = {}) {
  const reply = await api.get('/chat-room', { schema: ZChatRoomsReply, signal });
  return reply.data.chatRooms;
}

export function chatRoomsQueryOptions() {
  return queryOptions({
    queryKey: CHAT_ROOMS_KEY,
    queryFn: ({ signal }) => getChatRooms({ signal }),
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

/** A list request is on its way: whatever it brings back predates what the socket just said. */
export function chatRoomsInFlight(): boolean {
  return queryClient.getQueryState(CHAT_ROOMS_KEY)?.fetchStatus === 'fetching';
}
