import { chatRoomRoutes, type TChatRoom } from '@rounds/contracts/chat';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-call';
import { withoutRoom } from '../lib/rooms-cache';
import { useMessages } from '../stores/messages';
import { CHAT_ROOMS_KEY } from './get-chat-rooms';

/** DELETE /chat-room?twId (the group's owner): gone for the owner, archived and read-only for the others. */
export async function deleteChatRoom(twId: string) {
  await apiCall(chatRoomRoutes.remove, { query: { twId } });
  return twId;
}

export function useDeleteChatRoom() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteChatRoom,
    onSuccess: (twId) => {
      queryClient.setQueryData<TChatRoom[]>(CHAT_ROOMS_KEY, (rooms) => rooms && withoutRoom(rooms, twId));
      useMessages.getState().drop(twId);
    },
  });
}
