import { chatRoomRoutes } from '@rounds/contracts/chat';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-call';
import { seenByRoomKey } from './get-seen-by';

/**
 * GET /chat-room/acknowledgement-grid?twId&messageId (the sender and the room's owner): each notified member
 * acknowledged, read, delivered or not reached, with the counts. Keyed under the room's seen-by lists, so the
 * Read and Acknowledged events that refresh those refresh the open grid too (realtime.ts).
 */
export async function getAckGrid(twId: string, messageId: string, { signal }: { signal?: AbortSignal } = {}) {
  return (await apiCall(chatRoomRoutes.ackGrid, { query: { twId, messageId } }, { signal })).data;
}

export function ackGridQueryOptions(twId: string, messageId: string) {
  return queryOptions({
    queryKey: [...seenByRoomKey(twId), 'grid', messageId],
    queryFn: ({ signal }) => getAckGrid(twId, messageId, { signal }),
    staleTime: 0,
    // A burst of reads in a large group refetches the grid; the one on screen stays until the next arrives.
    placeholderData: (previous) => previous,
  });
}

export function useAckGrid(twId: string, messageId: string | null) {
  return useQuery({ ...ackGridQueryOptions(twId, messageId ?? ''), enabled: messageId !== null });
}
