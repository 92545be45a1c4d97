import { chatRoomRoutes } from '@rounds/contracts/chat';
import { useMutation } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-call';
import { useSession } from '../../../lib/session-store';
import { useMessages } from '../stores/messages';
import { notePendingUrgent } from './get-pending-urgent';

/**
 * POST /chat-room/acknowledge-message {messageId}: a notified member acknowledges an important message.
 * The reply's copy goes in at once; the Acknowledged event brings the same copy to every member.
 */
export async function acknowledgeMessage(messageId: string) {
  const reply = await apiCall(chatRoomRoutes.acknowledge, { body: { messageId } });
  const { message } = reply.data;
  useMessages.getState().add(message.twId, [message]);
  notePendingUrgent(message, useSession.getState().user?.id);
  return message;
}

export function useAcknowledgeMessage() {
  return useMutation({ mutationFn: acknowledgeMessage });
}
