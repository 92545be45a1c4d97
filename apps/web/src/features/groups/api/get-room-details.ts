import { chatRoomRoutes } from '@rounds/contracts/chat';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-call';

/** GET /chat-room/details?twId: the room being edited or extended, with its members and owner. */
export async function getRoomDetails(twId: string, { signal }: { signal?: AbortSignal } = {}) {
  const reply = await apiCall(chatRoomRoutes.details, { query: { twId } }, { signal });
  return reply.data.chatRoom;
}

export function roomDetailsQueryOptions(twId: string) {
  return queryOptions({
    queryKey: ['groups', 'details', twId],
    queryFn: ({ signal }) => getRoomDetails(twId, { signal }),
    // Members change under the owner's feet (someone leaves): every opening of the modal asks again.
    staleTime: 0,
    gcTime: 60_000,
  });
}

export function useRoomDetails(twId: string | undefined) {
  return useQuery({ ...roomDetailsQueryOptions(twId ?? ''), enabled: Boolean(twId) });
}
