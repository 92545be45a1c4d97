import { ZChatRoomReply, type ZUpdateChatRoomRequest } from '@rounds/contracts/chat';
import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../../lib/api-client';

export type TUpdateGroup = z.input<typeof ZUpdateChatRoomRequest>;

/**
 * POST /chat-room/update-chat-room {twId, participants, type: 'group', name} (owner only): the full member
 * list, the owner included, and the name. Members see it through ChatRoomUpdated.
 */
export async function updateGroup(request: TUpdateGroup) {
  const reply = await api.post(
    '/chat-room/update-chat-room',
    { ...request, type: 'group', name: request.name.trim() },
    { schema: ZChatRoomReply },
  );
  return reply.data.chatRoom;
}

export function useUpdateGroup() {
  return useMutation({ mutationFn: updateGroup });
}
