import { chatRoomRoutes, type TPriorityOptions } from '@rounds/contracts/chat';
import { useMutation } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-call';
import { useMessages } from '../stores/messages';

/** POST /chat-room/message-important {twId, messageId, level, notify, sms}: the sender marks a sent message. */
export async function markImportant(request: { twId: string; messageId: string } & TPriorityOptions) {
  const reply = await apiCall(chatRoomRoutes.markImportant, { body: request });
  const { message } = reply.data;
  useMessages.getState().add(message.twId, [message]);
  return message;
}

export function useMarkImportant() {
  return useMutation({ mutationFn: markImportant });
}
