import { z } from 'zod';
import { apiRoute } from './api-route';
import { ZLanguage } from './common';
import { FIRST_DOWNLOAD_ROUTES } from './first-download-routes';

/**
 * Speech to text (doc 2 section 7): a second socket at its own path, opened with the access token, the
 * tab's uuid and the dictation language. The client sends audio chunks each second ('send blob'); the
 * server answers 'started', then 'text' as words are recognised, and 'error' for a warning, which ends
 * the session. See docs/decisions.md "Speech to text".
 */
export const SPEECH_SOCKET_PATH = '/server/speech-to-text-socket';

export const SPEECH_EVENTS = {
  /** server → client: the session is open and audio may flow. */
  started: 'started',
  /** server → client: a warning; the session ends (the server closes the socket after it). */
  error: 'error',
  /** client → server: one audio chunk (binary: webm/opus from MediaRecorder), about each second. */
  sendBlob: 'send blob',
  /** server → client: recognised text, growing while the user speaks, then once final. */
  text: 'text',
  /** client → server, beyond the spec: the user stopped speaking; the server answers the final text. */
  stop: 'stop',
} as const;

/** The session's limits. The server enforces them; the client keeps within them. */
export const SPEECH_LIMITS = {
  /** A session ends after 2 minutes of audio. */
  maxSeconds: 120,
  /** The client sends a chunk each second; chunks are normally over 1000 bytes (spec), at most this. */
  chunkIntervalMs: 1000,
  minChunkBytes: 1000,
  maxChunkBytes: 64 * 1024,
  /** Bytes per second of audio allowed on average (opus at 32 kbit/s is 4 KB/s) and the burst above it. */
  bytesPerSecond: 24 * 1024,
  burstBytes: 128 * 1024,
  /** Chunks per second allowed on average and the burst above it (a stalled network delivers several at once). */
  chunksPerSecond: 2,
  burstChunks: 8,
  /** Whole session. */
  maxTotalBytes: 3 * 1024 * 1024,
  /**
   * Audio is counted in decoded seconds too (bytes say nothing: a few KB of opus or FLAC can say hours):
   * recorded in real time, it may run ahead of the session's clock by at most this burst.
   */
  decodedAheadSeconds: 10,
  /** Input that has decoded to nothing after this long is not audio. */
  decodeWithinMs: 5_000,
} as const;

export const ZSpeechHandshake = z.object({
  token: z.string().min(1),
  uuid: z.string().min(1).max(64),
  language: ZLanguage,
});
export type TSpeechHandshake = z.infer<typeof ZSpeechHandshake>;

export const ZSpeechStarted = z.object({ maxSeconds: z.number().int().positive(), language: ZLanguage });
export type TSpeechStarted = z.infer<typeof ZSpeechStarted>;

export const ZSpeechText = z.object({
  /** The whole text recognised so far (not a delta): it replaces what the previous event said. */
  text: z.string(),
  final: z.boolean(),
});
export type TSpeechText = z.infer<typeof ZSpeechText>;

export const SPEECH_WARNING_CODES = [
  'STT_UNAVAILABLE',
  'STT_NOT_ALLOWED',
  'STT_FLOOD',
  'STT_BAD_CHUNK',
  'STT_LIMIT',
  'STT_ENGINE_ERROR',
  'STT_BUSY',
  'STT_FULL',
] as const;
export const ZSpeechWarningCode = z.enum(SPEECH_WARNING_CODES);
export type TSpeechWarningCode = z.infer<typeof ZSpeechWarningCode>;

/** A warning, shown to the user; the session is over once it is sent. */
export const ZSpeechWarning = z.object({ code: ZSpeechWarningCode, message: z.string() });
export type TSpeechWarning = z.infer<typeof ZSpeechWarning>;

/** The warnings' texts, in the handshake's language. */
export const SPEECH_TEXTS: Record<TSpeechWarningCode, { en: string; fr: string }> = {
  STT_UNAVAILABLE: {
    en: 'Speech to text is not available.',
    fr: 'La dictée vocale n’est pas disponible.',
  },
  STT_NOT_ALLOWED: {
    en: 'You are not allowed to use speech to text.',
    fr: 'Vous n’êtes pas autorisé à utiliser la dictée vocale.',
  },
  STT_FLOOD: {
    en: 'Too much audio was sent; dictation stopped.',
    fr: 'Trop de données audio envoyées ; la dictée est arrêtée.',
  },
  STT_BAD_CHUNK: {
    en: 'The audio could not be read; dictation stopped.',
    fr: 'L’audio n’a pas pu être lu ; la dictée est arrêtée.',
  },
  STT_LIMIT: {
    en: 'Dictation stops after 2 minutes.',
    fr: 'La dictée s’arrête au bout de 2 minutes.',
  },
  STT_ENGINE_ERROR: {
    en: 'Speech recognition failed, please try again.',
    fr: 'La reconnaissance vocale a échoué, veuillez réessayer.',
  },
  STT_BUSY: {
    en: 'Dictation was started in another window.',
    fr: 'Une dictée a été lancée dans une autre fenêtre.',
  },
  STT_FULL: {
    en: 'Too many dictations right now, please try again in a moment.',
    fr: 'Trop de dictées en cours, veuillez réessayer dans un instant.',
  },
};

/** GET /api/v1/speech-to-text: whether an engine is configured (the dictation button shows only then). */
export const ZSpeechStatusReply = z.object({
  data: z.object({ available: z.boolean(), maxSeconds: z.number().int().positive() }),
});
export type TSpeechStatusReply = z.infer<typeof ZSpeechStatusReply>;

export const speechRoutes = {
  status: apiRoute({ ...FIRST_DOWNLOAD_ROUTES.speechStatus, reply: ZSpeechStatusReply }),
} as const;
