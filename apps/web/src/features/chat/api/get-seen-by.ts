import { chatRoomRoutes } from '@rounds/contracts/chat';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-call';

/** Every seen-by list of a room starts with this key: Read events refetch the open one (realtime.ts). */
export const seenByRoomKey = (twId: string) => ['chat', 'seen-by', twId] as const;

/** GET /chat-room/seen-by?twId&messageId (the sender only): who has read the message, and when. */
export async function getSeenBy(twId: string, messageId: string, { signal }: { signal?: AbortSignal } = {}) {
  const reply = await apiCall(chatRoomRoutes.seenBy, { query: { twId, messageId } }, { signal });
  return [...reply.data.seen].sort((a, b) => a.timetoken - b.timetoken);
}

export function seenByQueryOptions(twId: string, messageId: string) {
  return queryOptions({
    queryKey: [...seenByRoomKey(twId), messageId],
    queryFn: ({ signal }) => getSeenBy(twId, messageId, { signal }),
    staleTime: 0,
  });
}

export function useSeenBy(twId: string, messageId: string | null) {
  return useQuery({ ...seenByQueryOptions(twId, messageId ?? ''), enabled: messageId !== null });
}
