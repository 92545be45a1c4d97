import { chatRoomRoutes } from '@rounds/contracts/chat';
import { useMutation } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-call';
import { useMessages } from '../stores/messages';

/**
 * DELETE /chat-room/remove-message {messageId, twId} (the sender, unless delSms is false). Everyone's copy,
 * this tab's included, goes with the MessageRemoved event; removing it here as well spares the wait.
 */
export async function removeMessage({ twId, messageId }: { twId: string; messageId: string }) {
  await apiCall(chatRoomRoutes.removeMessage, { body: { messageId, twId } });
  useMessages.getState().remove(twId, messageId);
}

export function useRemoveMessage() {
  return useMutation({ mutationFn: removeMessage });
}
