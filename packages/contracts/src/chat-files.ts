import { z } from 'zod';
import { apiRoute } from './api-route';
import { LIMITS } from './limits';

/**
 * Chat files and voice notes (spec doc 1: Message files and voice, section 5 "Chat files", section 7 uploads).
 * A file is uploaded first (its key comes back), then sent with a message; until then only its uploader can
 * read it, afterwards the members of the room it was sent to.
 */
// Raster images only: the spec's list had svg, but an SVG is a document that can carry script and has no
// business in a clinical chat as an image (issue 14). Files sent before stay served as downloads.
export const CHAT_FILE_TYPES = [
  'image/jpeg',
  'image/png',
  'image/x-icon',
  'image/bmp',
  'image/gif',
  'image/apng',
] as const;
export const ZChatFileType = z.enum(CHAT_FILE_TYPES);
export type TChatFileType = z.infer<typeof ZChatFileType>;

export const VOICE_TYPES = ['audio/webm', 'audio/ogg', 'audio/mp4', 'audio/mpeg', 'audio/wav'] as const;
export const ZVoiceType = z.enum(VOICE_TYPES);

/** The spec's texts; {file} is the file's name. */
export const CHAT_FILE_TEXTS = {
  fileTooLarge: 'File size of {file} exceeds maximum limit of 10Mb',
  unsupported: 'This is an unsupported file format.',
  tooMany: 'Up to 10 files can be uploaded at a time.',
  totalTooLarge: 'Files uploaded exceeds maximum limit of 10Mb',
  notUploaded: 'All images are not completely uploaded!!',
  microphone: 'Please provide microphone permission!',
  voiceUploadFailed: 'Network error, please try again!!',
} as const;

/** An uploaded file as the spec's client reads it: `Key` (capital K) plus what the message list shows. */
export const ZUploadedFile = z.object({
  Key: z.string(),
  name: z.string(),
  type: z.string(),
  size: z.number().int().nonnegative(),
});
export type TUploadedFile = z.infer<typeof ZUploadedFile>;
export const ZUploadImagesReply = z.object({ data: z.object({ files: z.array(ZUploadedFile) }) });
export const ZUploadAudioReply = z.object({ data: z.object({ voice: ZUploadedFile }) });

/** Keys are random, 32 lowercase hex characters. */
export const ZFileKey = z.string().regex(/^[0-9a-f]{32}$/, 'must be a file key');
export const ZFileKeyQuery = z.object({
  key: ZFileKey,
  /** A small preview of an image, for the message list. */
  thumb: z.enum(['1', 'true']).optional(),
});
export const ZFileKeyReply = z.object({ data: z.object({ key: z.string() }) });

/** Files and voice as carried by a message. */
export const ZMessageFile = z.object({
  id: z.string(),
  key: ZFileKey,
  name: z.string(),
  type: z.string(),
  size: z.number().int().nonnegative(),
});
export type TMessageFile = z.infer<typeof ZMessageFile>;
export const ZMessageVoice = z.object({
  key: ZFileKey,
  duration: z
    .number()
    .nonnegative()
    .max(LIMITS.voiceMaxSeconds + 5),
});
export type TMessageVoice = z.infer<typeof ZMessageVoice>;

export const ZSendFiles = z.array(ZFileKey).max(LIMITS.chatFilesMax);

/**
 * Upload (multipart: 'files' for images, 'file' for a voice note), withdraw before sending, and fetch a file
 * (its bytes, with a sandboxing CSP; other query parameters, such as a cache-buster, are let through).
 */
export const chatFileRoutes = {
  uploadImages: apiRoute({
    method: 'POST',
    path: '/chat-room/upload-chat-images',
    multipart: true,
    reply: ZUploadImagesReply,
  }),
  removeUpload: apiRoute({
    method: 'DELETE',
    path: '/chat-room/upload-chat-images',
    query: ZFileKeyQuery,
    reply: ZFileKeyReply,
  }),
  uploadAudio: apiRoute({
    method: 'POST',
    path: '/chat-room/upload-chat-audio',
    multipart: true,
    reply: ZUploadAudioReply,
  }),
  file: apiRoute({
    method: 'GET',
    path: '/chat-room/image',
    query: ZFileKeyQuery.passthrough(),
    // The file's own type (an image, a voice note), decided at upload.
    raw: 'application/octet-stream',
    reply: z.unknown(),
  }),
} as const;
