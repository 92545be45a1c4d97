import { api } from '../../../lib/api-client';

/**
 * DELETE /chat-room/upload-chat-images?key: an upload removed from the tray before sending. Best effort and
 * silent: the server sweeps unsent uploads after a day anyway.
 */
export async function deleteChatUpload(key: string): Promise<void> {
  await api.delete('/chat-room/upload-chat-images', undefined, { query: { key }, toast: false }).catch(() => undefined);
}
