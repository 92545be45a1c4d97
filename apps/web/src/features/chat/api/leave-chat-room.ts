import { chatRoomRoutes, type TChatRoom } from '@rounds/contracts/chat';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-call';
import { withoutRoom } from '../lib/rooms-cache';
import { useMessages } from '../stores/messages';
import { CHAT_ROOMS_KEY } from './get-chat-rooms';

/** POST /chat-room/leave?twId: a member (not the owner) leaves a group. */
export async function leaveChatRoom(twId: string) {
  await apiCall(chatRoomRoutes.leave, { query: { twId } });
  return twId;
}

export function useLeaveChatRoom() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: leaveChatRoom,
    onSuccess: (twId) => {
      queryClient.setQueryData<TChatRoom[]>(CHAT_ROOMS_KEY, (rooms) => rooms && withoutRoom(rooms, twId));
      useMessages.getState().drop(twId);
    },
  });
}
