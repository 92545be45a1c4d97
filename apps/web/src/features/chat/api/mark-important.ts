import { type TPriorityOptions, ZMessageReply } from '@rounds/contracts/chat';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { useMessages } from '../stores/messages';

/** POST /chat-room/message-important {twId, messageId, level, notify, sms}: the sender marks a sent message. */
export async function markImportant(request: { twId: string; messageId: string } & TPriorityOptions) {
  const reply = await api.post('/chat-room/message-important', request, { schema: ZMessageReply });
  const { message } = reply.data;
  useMessages.getState().add(message.twId, [message]);
  return message;
}

export function useMarkImportant() {
  return useMutation({ mutationFn: markImportant });
}
