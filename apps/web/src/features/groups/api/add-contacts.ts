import { chatRoomRoutes } from '@rounds/contracts/chat';
import { useMutation } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-call';

export type TAddContacts = { twId: string; contacts: readonly string[] };

/**
 * POST /chat-room/add-contacts?twId {contacts}: adds people to a room. On a group, the reply is that group;
 * on a direct chat it is a new group of both people and the added ones (spec doc 1 section 6), which is
 * where the user is taken next.
 */
export async function addContacts({ twId, contacts }: TAddContacts) {
  const reply = await apiCall(chatRoomRoutes.addContacts, { query: { twId }, body: { contacts: [...contacts] } });
  return reply.data.chatRoom;
}

export function useAddContacts() {
  return useMutation({ mutationFn: addContacts });
}
