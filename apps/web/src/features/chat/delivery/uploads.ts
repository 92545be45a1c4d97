import { i18n } from '../../../lib/i18n';
import { deleteChatUpload } from '../api/delete-chat-upload';
import { uploadChatImage } from '../api/upload-chat-images';
import { checkFiles, type TFileError } from '../lib/file-validation';
import { type TTrayFile, useAttachments } from '../stores/attachments';

/** Uploads in flight, by tray id: removing a chip cancels its upload. */
const controllers = new Map<string, AbortController>();

export function fileErrorText(error: TFileError): string {
  return i18n.t(`chat:files.errors.${error.code}`, { file: error.file ?? '' });
}

/**
 * Files picked or dropped into a room's composer: checked against the spec's rules with the tray's files,
 * then each uploaded on its own with its progress. Returns the text of the first refusal, for the banner.
 */
export function addFiles(twId: string, picked: readonly File[]): string | null {
  const tray = useAttachments.getState().files.filter((file) => file.twId === twId);
  const { accepted, error } = checkFiles([...picked], tray);
  const entries: [TTrayFile, File][] = accepted.map((file) => [
    {
      id: crypto.randomUUID(),
      twId,
      name: file.name,
      type: file.type,
      size: file.size,
      previewUrl: URL.createObjectURL(file),
      progress: 0,
      key: null,
      error: null,
    },
    file,
  ]);
  useAttachments.getState().add(entries.map(([entry]) => entry));
  for (const [entry, file] of entries) void upload(entry, file);
  return error ? fileErrorText(error) : null;
}

async function upload(entry: TTrayFile, file: File): Promise<void> {
  const controller = new AbortController();
  controllers.set(entry.id, controller);
  const { update } = useAttachments.getState();
  try {
    const uploaded = await uploadChatImage(file, {
      signal: controller.signal,
      onProgress: (progress) => update(entry.id, { progress }),
    });
    if (controller.signal.aborted) return;
    // Removed from the tray while the reply was on its way: the server must not keep it.
    if (!useAttachments.getState().files.some((f) => f.id === entry.id)) {
      void deleteChatUpload(uploaded.Key);
      return;
    }
    update(entry.id, { key: uploaded.Key, progress: 1 });
  } catch (error) {
    if (controller.signal.aborted) return;
    update(entry.id, { error: error instanceof Error ? error.message : i18n.t('errors.generic') });
  } finally {
    controllers.delete(entry.id);
  }
}

/** The chip's remove button: cancels the upload, or withdraws the uploaded file from the server. */
export function removeFile(id: string): void {
  const entry = useAttachments.getState().files.find((file) => file.id === id);
  if (!entry) return;
  controllers.get(id)?.abort();
  useAttachments.getState().remove(id);
  URL.revokeObjectURL(entry.previewUrl);
  if (entry.key) void deleteChatUpload(entry.key);
}

/** After sending: the tray empties, its uploads now belong to the message. */
export function releaseTray(twId: string): void {
  for (const file of useAttachments.getState().files) if (file.twId === twId) URL.revokeObjectURL(file.previewUrl);
  useAttachments.getState().clearRoom(twId);
}
