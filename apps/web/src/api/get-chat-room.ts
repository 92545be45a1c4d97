import { chatRoomRoutes } from '@rounds/contracts/chat';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiCall } from '../lib/api-call';
import { ApiError } from '../lib/api-client';

export const chatRoomKey = (twId: string) => ['chat', 'room', twId] as const;

/**
 * GET /chat-room/details?twId: one room, for a room opened before the list knows it (a group just created
 * by the group modal), and for the call window (may its owner ring more members?): shared by the chat and the
 * calls features. A room the user may not see (404, 403) answers null without an error toast.
 */
export async function getChatRoom(twId: string, { signal }: { signal?: AbortSignal } = {}) {
  try {
    const reply = await apiCall(
      chatRoomRoutes.details,
      { query: { twId } },
      { signal, toast: (error) => error.status !== 404 && error.status !== 403 },
    );
    return reply.data.chatRoom;
  } catch (error) {
    if (error instanceof ApiError && (error.status === 404 || error.status === 403)) return null;
    throw error;
  }
}

export function chatRoomQueryOptions(twId: string) {
  return queryOptions({ queryKey: chatRoomKey(twId), queryFn: ({ signal }) => getChatRoom(twId, { signal }) });
}

export function useChatRoom(twId: string | null, enabled: boolean) {
  return useQuery({ ...chatRoomQueryOptions(twId ?? ''), enabled: enabled && twId !== null });
}
