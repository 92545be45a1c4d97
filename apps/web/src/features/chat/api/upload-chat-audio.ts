import { chatFileRoutes } from '@rounds/contracts/chat-files';
import { apiCall } from '../../../lib/api-call';

/** POST /chat-room/upload-chat-audio, multipart field 'file': a recorded voice note, before it is sent. */
export async function uploadChatAudio(blob: Blob, { onProgress }: { onProgress?: (fraction: number) => void } = {}) {
  const form = new FormData();
  const extension = blob.type.includes('ogg') ? 'ogg' : blob.type.includes('mp4') ? 'm4a' : 'webm';
  form.append('file', blob, `voice.${extension}`);
  // The recorder says 'Network error, please try again!!' itself (spec doc 1 section 8). Sent as an upload
  // even when no one watches its progress: no timeout while it moves, like the images.
  const reply = await apiCall(
    chatFileRoutes.uploadAudio,
    { body: form },
    { toast: false, onProgress: onProgress ?? (() => undefined) },
  );
  return reply.data.voice;
}
