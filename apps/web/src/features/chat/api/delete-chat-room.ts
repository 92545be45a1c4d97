import { chatRoomRoutes } from '@rounds/contracts/chat';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-call';
import { forgetRoom } from './room-cache';

/** DELETE /chat-room?twId (the group's owner): gone for the owner, archived and read-only for the others. */
export async function deleteChatRoom(twId: string) {
  await apiCall(chatRoomRoutes.remove, { query: { twId } });
  return twId;
}

export function useDeleteChatRoom() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteChatRoom,
    onSuccess: (twId) => forgetRoom(queryClient, twId),
  });
}
