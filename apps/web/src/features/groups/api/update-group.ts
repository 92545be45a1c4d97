import type { TBodyIn } from '@rounds/contracts/api-route';
import { chatRoomRoutes } from '@rounds/contracts/chat';
import { useMutation } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-call';

export type TUpdateGroup = TBodyIn<typeof chatRoomRoutes.update>;

/**
 * POST /chat-room/update-chat-room {twId, participants, type: 'group', name} (owner only): the full member
 * list, the owner included, and the name. Members see it through ChatRoomUpdated.
 */
export async function updateGroup(request: TUpdateGroup) {
  const reply = await apiCall(chatRoomRoutes.update, {
    body: { ...request, type: 'group', name: request.name.trim() },
  });
  return reply.data.chatRoom;
}

export function useUpdateGroup() {
  return useMutation({ mutationFn: updateGroup });
}
