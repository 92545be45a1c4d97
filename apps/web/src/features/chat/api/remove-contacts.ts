import { chatRoomRoutes, type TChatRoom } from '@rounds/contracts/chat';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { chatRoomKey } from '../../../api/get-chat-room';
import { apiCall } from '../../../lib/api-call';
import { patchRoom } from '../lib/rooms-cache';
import { CHAT_ROOMS_KEY } from './get-chat-rooms';

/** POST /chat-room/remove-contacts?twId {contacts}: the owner removes members from a group; the room as it is now. */
export async function removeContacts({ twId, contacts }: { twId: string; contacts: string[] }) {
  const reply = await apiCall(chatRoomRoutes.removeContacts, { query: { twId }, body: { contacts } });
  return reply.data.chatRoom;
}

export function useRemoveContacts() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removeContacts,
    onSuccess: (room) => {
      // ChatRoomUpdated follows for every member; the reply shows the change without waiting for it.
      queryClient.setQueryData<TChatRoom[]>(CHAT_ROOMS_KEY, (rooms) => rooms && patchRoom(rooms, room.twId, room));
      queryClient.setQueryData<TChatRoom | null>(chatRoomKey(room.twId), (current) => current && room);
    },
  });
}
