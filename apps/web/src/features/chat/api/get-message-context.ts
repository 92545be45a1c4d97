import { searchRoutes, type TMessageContextQuery } from '@rounds/contracts/search';
import { apiCall } from '../../../lib/api-call';

/**
 * GET /search/message-context: the history page around a message (the messages before it, the message, the
 * messages after it, oldest first; hasMore: older ones exist), in the shape of POST /chat-room/messages. What a
 * linked or found message opens with, however old it is.
 */
export async function getMessageContext(query: TMessageContextQuery, { toast = true }: { toast?: boolean } = {}) {
  return (await apiCall(searchRoutes.context, { query }, { toast })).data;
}
