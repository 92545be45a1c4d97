import { chatRoomRoutes } from '@rounds/contracts/chat';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-call';
import { forgetRoom } from './room-cache';

/** POST /chat-room/leave?twId: a member (not the owner) leaves a group. */
export async function leaveChatRoom(twId: string) {
  await apiCall(chatRoomRoutes.leave, { query: { twId } });
  return twId;
}

export function useLeaveChatRoom() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: leaveChatRoom,
    onSuccess: (twId) => forgetRoom(queryClient, twId),
  });
}
