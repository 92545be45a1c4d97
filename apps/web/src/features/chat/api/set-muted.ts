import { chatRoomRoutes } from '@rounds/contracts/chat';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-call';
import { patchCachedRoom } from './room-cache';

/** POST /chat-room/mute or /unmute {twId}: a muted room makes no sound and no desktop notification. */
export async function setMuted({ twId, muted }: { twId: string; muted: boolean }) {
  const reply = await apiCall(muted ? chatRoomRoutes.mute : chatRoomRoutes.unmute, { body: { twId } });
  return reply.data;
}

export function useSetMuted() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setMuted,
    onSuccess: ({ twId, muted }) => patchCachedRoom(queryClient, twId, { muted }),
  });
}
