import { chatRoomRoutes, type TChatRoom } from '@rounds/contracts/chat';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-call';
import { CHAT_ROOMS_KEY } from './get-chat-rooms';

/** POST /chat-room {participants: [contactId], type: 'direct'}: the direct chat with a contact, existing or new. */
export async function createDirectChat(contactId: string) {
  const reply = await apiCall(chatRoomRoutes.create, { body: { participants: [contactId], type: 'direct' } });
  return reply.data.chatRoom;
}

export function useCreateDirectChat() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createDirectChat,
    onSuccess: (room) => {
      // A new room is listed at once; an existing one is already there.
      queryClient.setQueryData<TChatRoom[]>(CHAT_ROOMS_KEY, (rooms) =>
        rooms && !rooms.some((r) => r.twId === room.twId) ? [room, ...rooms] : rooms,
      );
    },
  });
}
