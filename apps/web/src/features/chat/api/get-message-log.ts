import { chatRoomRoutes } from '@rounds/contracts/chat';
import { apiCall } from '../../../lib/api-call';

/**
 * GET /chat-room/message-logs?logId: where an SMS link (?rs=) leads. No toast: the spec has a failed lookup
 * silently ignored (the link may be old, or meant for someone else).
 */
export async function getMessageLog(logId: string) {
  const reply = await apiCall(chatRoomRoutes.messageLog, { query: { logId } }, { toast: false });
  return reply.data.log;
}
