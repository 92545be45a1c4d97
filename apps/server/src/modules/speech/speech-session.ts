import type { TLanguage } from '@rounds/contracts/common';
import { SPEECH_EVENTS, SPEECH_LIMITS, SPEECH_TEXTS, type TSpeechWarningCode } from '@rounds/contracts/speech';
import type { FastifyBaseLogger } from 'fastify';
import type { Socket } from 'socket.io';
import type { AudioPipe, AudioPipeOptions } from './audio-pipe';
import type { SttEngine } from './stt-engine';

export type SpeechSessionOptions = {
  socket: Socket;
  userId: string;
  /** The sign-in session the socket was opened with (the authority sweep checks it). */
  sessionId: string;
  language: TLanguage;
  engine: SttEngine;
  pipe: (events: Pick<AudioPipeOptions, 'onError' | 'onDecoded'>) => AudioPipe;
  maxSeconds: number;
  partialMs: number;
  /** Still signed in and still allowed (re-read before each request to the engine). */
  stillAllowed: () => Promise<boolean>;
  log: FastifyBaseLogger;
  onEnd: () => void;
};

export type SpeechSession = {
  readonly userId: string;
  readonly sessionId: string;
  /** Ends the session with a warning (shown by the client) and closes the socket. */
  warn: (code: TSpeechWarningCode) => void;
};

/** A token bucket: `rate` per second on average, `burst` at once. */
function bucket(rate: number, burst: number) {
  let tokens = burst;
  let at = performance.now();
  return (cost: number) => {
    const now = performance.now();
    tokens = Math.min(burst, tokens + ((now - at) / 1000) * rate);
    at = now;
    if (tokens < cost) return false;
    tokens -= cost;
    return true;
  };
}

/**
 * One dictation on one socket. Chunks are checked (binary, size, rate in chunks and bytes, total) and fed to
 * the audio pipe, whose decoded seconds are checked too (no further ahead of the clock than a burst, no more
 * than the limit); while the user speaks, the whole audio so far goes to the engine every `partialMs` (one
 * request at a time) and its text is sent as `text {final: false}`; on 'stop' or at the time limit, the whole
 * audio goes once more for `text {final: true}`. Any warning, the limit, a dropped socket or a revoked
 * permission ends it; the audio is dropped with it, never written anywhere.
 */
export function startSpeechSession(o: SpeechSessionOptions): SpeechSession {
  const { socket } = o;
  let state: 'open' | 'finishing' | 'ended' = 'open';
  let totalBytes = 0;
  let sentSize = 0;
  let inFlight: AbortController | null = null;
  const chunkAllowed = bucket(SPEECH_LIMITS.chunksPerSecond, SPEECH_LIMITS.burstChunks);
  const bytesAllowed = bucket(SPEECH_LIMITS.bytesPerSecond, SPEECH_LIMITS.burstBytes);

  const end = () => {
    if (state === 'ended') return;
    state = 'ended';
    clearTimeout(limitTimer);
    clearInterval(partialTimer);
    inFlight?.abort();
    pipe.close();
    o.onEnd();
    // After the last emit: socket.io flushes what was sent before closing the connection.
    socket.disconnect(true);
  };

  const warn = (code: TSpeechWarningCode) => {
    if (state === 'ended') return;
    socket.emit(SPEECH_EVENTS.error, { code, message: SPEECH_TEXTS[code][o.language] });
    end();
  };

  const startedAt = performance.now();
  let decodedSeconds = 0;
  /** Recorded in real time, audio cannot be far ahead of the session's clock. */
  const aheadOfClock = () =>
    decodedSeconds > (performance.now() - startedAt) / 1000 + SPEECH_LIMITS.decodedAheadSeconds;
  const pipe = o.pipe({
    onError: (message) => {
      o.log.info({ userId: o.userId, message }, 'speech audio could not be decoded');
      warn('STT_BAD_CHUNK');
    },
    // Counted in decoded seconds, not bytes (issue 28): a few KB can say hours of audio.
    onDecoded: (seconds) => {
      decodedSeconds = seconds;
      if (state !== 'open') return;
      if (aheadOfClock()) {
        o.log.info({ userId: o.userId, seconds }, 'speech audio ahead of the clock, cut off');
        warn('STT_FLOOD');
      } else if (seconds >= o.maxSeconds) void finish('STT_LIMIT');
    },
  });

  const transcribe = async (audio: Buffer, signal: AbortSignal) =>
    o.engine.transcribe({ audio, filename: pipe.filename, mime: pipe.mime, language: o.language, signal });

  /** The text so far, from the whole audio so far: one request at a time, skipped when nothing new came. */
  const partial = async () => {
    if (state !== 'open' || inFlight || pipe.size() === sentSize) return;
    const controller = new AbortController();
    inFlight = controller;
    sentSize = pipe.size();
    try {
      if (!(await o.stillAllowed())) return warn('STT_NOT_ALLOWED');
      const text = await transcribe(pipe.snapshot(), controller.signal);
      if (state === 'open' && !controller.signal.aborted) socket.emit(SPEECH_EVENTS.text, { text, final: false });
    } catch (err) {
      if (controller.signal.aborted || state !== 'open') return;
      o.log.warn({ err, userId: o.userId }, 'speech engine failed');
      warn('STT_ENGINE_ERROR');
    } finally {
      if (inFlight === controller) inFlight = null;
    }
  };

  /** End of speech: the whole audio once more for the final text, then the session ends. */
  const finish = async (then?: TSpeechWarningCode) => {
    if (state !== 'open') return;
    state = 'finishing';
    clearInterval(partialTimer);
    clearTimeout(limitTimer);
    // The partial under way is about audio the final request carries too: drop it rather than wait.
    inFlight?.abort();
    const controller = new AbortController();
    inFlight = controller;
    try {
      // Nothing was said (released at once): no audio for the engine, and nothing for ffmpeg to decode.
      const [audio, allowed] = await Promise.all([totalBytes > 0 ? pipe.finish() : Buffer.alloc(0), o.stillAllowed()]);
      if (!allowed) return warn('STT_NOT_ALLOWED');
      // Audio sent just before 'stop' is decoded only now: it is held to the clock too.
      if (aheadOfClock()) return warn('STT_FLOOD');
      if (audio.length > 0 && pipe.size() > 0) {
        const text = await transcribe(audio, controller.signal);
        if (state !== 'finishing') return;
        socket.emit(SPEECH_EVENTS.text, { text, final: true });
      } else {
        socket.emit(SPEECH_EVENTS.text, { text: '', final: true });
      }
      if (then) warn(then);
      else end();
    } catch (err) {
      if (state !== 'finishing') return;
      o.log.warn({ err, userId: o.userId }, 'speech final transcription failed');
      warn('STT_ENGINE_ERROR');
    }
  };

  const partialTimer = setInterval(() => void partial(), o.partialMs);
  // The limit counts from the start: chunks arrive in real time, so the clock is the audio's length.
  const limitTimer = setTimeout(() => void finish('STT_LIMIT'), o.maxSeconds * 1000);

  socket.on(SPEECH_EVENTS.sendBlob, (chunk: unknown) => {
    if (state !== 'open') return;
    // Binary only (socket.io gives Node a Buffer); anything else is not audio.
    if (!Buffer.isBuffer(chunk) || chunk.length === 0) return warn('STT_BAD_CHUNK');
    if (chunk.length > SPEECH_LIMITS.maxChunkBytes) return warn('STT_FLOOD');
    totalBytes += chunk.length;
    if (totalBytes > SPEECH_LIMITS.maxTotalBytes || !chunkAllowed(1) || !bytesAllowed(chunk.length)) {
      o.log.info({ userId: o.userId, totalBytes }, 'speech client flooding, cut off');
      return warn('STT_FLOOD');
    }
    pipe.write(chunk);
  });
  socket.on(SPEECH_EVENTS.stop, () => void finish());
  socket.on('disconnect', () => end());

  socket.emit(SPEECH_EVENTS.started, { maxSeconds: o.maxSeconds, language: o.language });
  return { userId: o.userId, sessionId: o.sessionId, warn };
}
