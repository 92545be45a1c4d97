import { type TChatRoom, ZTwIdReply } from '@rounds/contracts/chat';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { withoutRoom } from '../lib/rooms-cache';
import { useMessages } from '../stores/messages';
import { CHAT_ROOMS_KEY } from './get-chat-rooms';

/** POST /chat-room/leave?twId: a member (not the owner) leaves a group. */
export async function leaveChatRoom(twId: string) {
  await api.post('/chat-room/leave', undefined, { query: { twId }, schema: ZTwIdReply });
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
