import { ZMessageReply } from '@rounds/contracts/chat';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { useMessages } from '../stores/messages';

/**
 * POST /chat-room/acknowledge-message {messageId}: a notified member acknowledges an important message.
 * The reply's copy goes in at once; the Acknowledged event brings the same copy to every member.
 */
export async function acknowledgeMessage(messageId: string) {
  const reply = await api.post('/chat-room/acknowledge-message', { messageId }, { schema: ZMessageReply });
  const { message } = reply.data;
  useMessages.getState().add(message.twId, [message]);
  return message;
}

export function useAcknowledgeMessage() {
  return useMutation({ mutationFn: acknowledgeMessage });
}
