import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { chatRoomKey } from './get-chat-room';
import { CHAT_ROOMS_KEY } from './get-chat-rooms';

/**
 * POST /chat-room/remove-contacts?twId {contacts}: the owner removes members from a group. The contract names
 * no reply for it; the room's new state comes from the refetch below.
 */
export async function removeContacts({ twId, contacts }: { twId: string; contacts: string[] }) {
  await api.post('/chat-room/remove-contacts', { contacts }, { query: { twId } });
  return twId;
}

export function useRemoveContacts() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removeContacts,
    onSuccess: (twId) => {
      // ChatRoomUpdated follows for every member; refetching here shows the change without waiting for it.
      void queryClient.invalidateQueries({ queryKey: CHAT_ROOMS_KEY });
      void queryClient.invalidateQueries({ queryKey: chatRoomKey(twId) });
    },
  });
}
