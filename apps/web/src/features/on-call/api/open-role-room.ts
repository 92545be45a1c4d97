import { onCallRoutes } from '@rounds/contracts/on-call';
import { useMutation } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-call';

/**
 * POST /roles/:id/room: the role's conversation, started or continued (issue 25). The room it answers is the
 * chat's to show: the caller opens it by its twId (the room list learns of it by ConversationCreated).
 */
export function useOpenRoleRoom() {
  return useMutation({
    mutationFn: async (id: string) => (await apiCall(onCallRoutes.room, { params: { id } })).data.chatRoom,
  });
}
