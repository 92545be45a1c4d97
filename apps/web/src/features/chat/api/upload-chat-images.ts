import { chatFileRoutes } from '@rounds/contracts/chat-files';
import { apiCall } from '../../../lib/api-call';

/**
 * POST /chat-room/upload-chat-images, multipart field 'files'. One file per call, so each chip has its own
 * progress and one failure does not take the others with it. The key comes back as `Key` (the spec's
 * client); until it is sent with a message only this user can read it.
 */
export async function uploadChatImage(
  file: File,
  { onProgress, signal }: { onProgress?: (fraction: number) => void; signal?: AbortSignal } = {},
) {
  const form = new FormData();
  form.append('files', file, file.name);
  // The tray shows the error on the chip; a toast on top of it would say the same twice.
  const reply = await apiCall(
    chatFileRoutes.uploadImages,
    { body: form },
    { signal, toast: false, onProgress: onProgress ?? (() => undefined) },
  );
  const uploaded = reply.data.files[0];
  if (!uploaded) throw new Error('No file in the upload reply');
  return uploaded;
}
