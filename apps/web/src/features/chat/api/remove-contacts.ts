import { chatRoomRoutes } from '@rounds/contracts/chat';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-call';
import { patchCachedRoom } from './room-cache';

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
      patchCachedRoom(queryClient, room.twId, room);
    },
  });
}
