import { CHAT_LIMITS, chatRoomRoutes, type TMessagesRequest } from '@rounds/contracts/chat';
import { LIMITS } from '@rounds/contracts/limits';
import { apiCall } from '../../../lib/api-call';

/**
 * POST /chat-room/messages: the newest page (no cursor), the page before a seq (older history), or what came
 * after a seq (catch-up after a reconnect). Messages come oldest first. Kept out of the query cache: the
 * messages store merges every source (stores/messages.ts).
 */
export async function getMessages(request: TMessagesRequest, { toast = true }: { toast?: boolean } = {}) {
  const reply = await apiCall(
    chatRoomRoutes.messages,
    { body: { limit: LIMITS.messageFetchDefault, ...request } },
    { toast },
  );
  return reply.data;
}

/** Catch-up asks for the largest pages the server allows: after a long night offline there may be many. */
export const CATCH_UP_PAGE = CHAT_LIMITS.messagesPageMax;
