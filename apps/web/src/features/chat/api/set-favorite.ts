import { chatRoomRoutes, type TChatRoom } from '@rounds/contracts/chat';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { chatRoomKey } from '../../../api/get-chat-room';
import { apiCall } from '../../../lib/api-call';
import { patchRoom } from '../lib/rooms-cache';
import { CHAT_ROOMS_KEY } from './get-chat-rooms';

/** POST /chat-room/set-favorite or /unset-favorite {twId}: the two halves of one toggle, so one file. */
export async function setFavorite({ twId, favorite }: { twId: string; favorite: boolean }) {
  const route = favorite ? chatRoomRoutes.setFavorite : chatRoomRoutes.unsetFavorite;
  const reply = await apiCall(route, { body: { twId } });
  return reply.data;
}

export function useSetFavorite() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setFavorite,
    onSuccess: ({ twId, isFavorite }) => {
      queryClient.setQueryData<TChatRoom[]>(CHAT_ROOMS_KEY, (rooms) => rooms && patchRoom(rooms, twId, { isFavorite }));
      queryClient.setQueryData<TChatRoom | null>(chatRoomKey(twId), (room) => room && { ...room, isFavorite });
    },
  });
}
