import { chatRoomRoutes } from '@rounds/contracts/chat';
import { useMutation } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-call';

/**
 * POST /chat-room/chat-rooms-by-participants {participants}: the user's rooms whose members are exactly these
 * people and the user, asked right before creating a group (spec doc 1 section 4, similar groups). A
 * mutation rather than a query: it runs once per press of Create and its answer must be fresh.
 */
export async function getRoomsByParticipants(participants: readonly string[]) {
  const reply = await apiCall(chatRoomRoutes.byParticipants, { body: { participants: [...participants] } });
  return reply.data.chatRooms;
}

export function useRoomsByParticipants() {
  return useMutation({ mutationFn: getRoomsByParticipants });
}
