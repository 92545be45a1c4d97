import { chatFileRoutes } from '@rounds/contracts/chat-files';
import { apiCall } from '../../../lib/api-call';

/**
 * DELETE /chat-room/upload-chat-images?key: an upload removed from the tray before sending. Best effort and
 * silent: the server sweeps unsent uploads after a day anyway.
 */
export async function deleteChatUpload(key: string): Promise<void> {
  await apiCall(chatFileRoutes.removeUpload, { query: { key } }, { toast: false }).catch(() => undefined);
}
