import { ZMessageLogReply } from '@rounds/contracts/chat';
import { api } from '../../../lib/api-client';

/**
 * GET /chat-room/message-logs?logId: where an SMS link (?rs=) leads. No toast: the spec has a failed lookup
 * silently ignored (the link may be old, or meant for someone else).
 */
export async function getMessageLog(logId: string) {
  const reply = await api.get('/chat-room/message-logs', { query: { logId }, schema: ZMessageLogReply, toast: false });
  return reply.data.log;
}
