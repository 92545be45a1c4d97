import { chatRoomRoutes, type TCreateChatRoomRequest } from '@rounds/contracts/chat';
import { useMutation } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-call';
import type { ApiError } from '../../../lib/api-client';

export type TCreateGroup = { participants: readonly string[]; name: string };

/**
 * POST /chat-room {participants, type: 'group', name}. A duplicate name (409) is not toasted here: the modal
 * first looks for the user's own group of that name and opens it (spec doc 1 section 4). The new room
 * reaches every member's Recent list through ConversationCreated, this user's tabs included.
 */
export async function createGroup({ participants, name }: TCreateGroup) {
  const request: TCreateChatRoomRequest = { participants: [...participants], type: 'group', name: name.trim() };
  const reply = await apiCall(
    chatRoomRoutes.create,
    { body: request },
    { toast: (error: ApiError) => error.status !== 409 },
  );
  return reply.data.chatRoom;
}

export function useCreateGroup() {
  return useMutation({ mutationFn: createGroup });
}
