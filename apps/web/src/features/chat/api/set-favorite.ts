import { chatRoomRoutes } from '@rounds/contracts/chat';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-call';
import { patchCachedRoom } from './room-cache';

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
    onSuccess: ({ twId, isFavorite }) => patchCachedRoom(queryClient, twId, { isFavorite }),
  });
}
