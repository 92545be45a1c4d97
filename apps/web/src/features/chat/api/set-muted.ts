import { chatRoomRoutes, type TChatRoom } from '@rounds/contracts/chat';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { chatRoomKey } from '../../../api/get-chat-room';
import { apiCall } from '../../../lib/api-call';
import { patchRoom } from '../lib/rooms-cache';
import { CHAT_ROOMS_KEY } from './get-chat-rooms';

/** POST /chat-room/mute or /unmute {twId}: a muted room makes no sound and no desktop notification. */
export async function setMuted({ twId, muted }: { twId: string; muted: boolean }) {
  const reply = await apiCall(muted ? chatRoomRoutes.mute : chatRoomRoutes.unmute, { body: { twId } });
  return reply.data;
}

export function useSetMuted() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setMuted,
    onSuccess: ({ twId, muted }) => {
      queryClient.setQueryData<TChatRoom[]>(CHAT_ROOMS_KEY, (rooms) => rooms && patchRoom(rooms, twId, { muted }));
      queryClient.setQueryData<TChatRoom | null>(chatRoomKey(twId), (room) => room && { ...room, muted });
    },
  });
}
