import type { TLanguage } from '@rounds/contracts/common';
import {
  SPEECH_EVENTS,
  SPEECH_LIMITS,
  SPEECH_SOCKET_PATH,
  type TSpeechWarningCode,
  ZSpeechStarted,
  ZSpeechText,
  ZSpeechWarning,
} from '@rounds/contracts/speech';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Socket } from 'socket.io-client';
import { holdAppUpdate } from '../../../lib/app-update';
import { useSession } from '../../../lib/session-store';
import { tabUuid } from '../../../lib/socket';
import { showToast } from '../../../lib/toast';
import '../chat-texts';

export type TDictationState = 'idle' | 'starting' | 'listening' | 'finishing';

type TRun = {
  stream: MediaStream | null;
  socket: Socket | null;
  recorder: MediaRecorder | null;
  audio: AudioContext | null;
  timers: ReturnType<typeof setInterval>[];
  /** The final text came: the server's closing of the socket is expected. */
  finished: boolean;
};

type TOptions = {
  language: TLanguage;
  /** The whole text recognised so far; `final` once, at the end. */
  onText: (text: string, final: boolean) => void;
  /** Before the first audio: where the text will go (the composer remembers the cursor). */
  onStart: () => void;
  onEnd: () => void;
};

const FINAL_TIMEOUT_MS = 30_000;

/**
 * The recording formats the server reads (it forces the container and the opus decoder: docs/decisions.md,
 * "Dictation audio is counted in decoded seconds"); a browser that records neither cannot dictate.
 */
export function pickMimeType(isTypeSupported: (type: string) => boolean): string | undefined {
  return ['audio/webm;codecs=opus', 'audio/ogg;codecs=opus'].find(isTypeSupported);
}

/** Microphone level for the live bar, sampled 10 times a second (enough for the eye, cheap to render). */
function meter(r: TRun, stream: MediaStream, setLevel: (level: number) => void) {
  try {
    const audio = new AudioContext();
    // Created after awaits, not in the press itself: some browsers start it suspended.
    void audio.resume().catch(() => {});
    const analyser = audio.createAnalyser();
    analyser.fftSize = 512;
    audio.createMediaStreamSource(stream).connect(analyser);
    const samples = new Uint8Array(analyser.fftSize);
    r.audio = audio;
    r.timers.push(
      setInterval(() => {
        analyser.getByteTimeDomainData(samples);
        let sum = 0;
        for (const s of samples) sum += ((s - 128) / 128) ** 2;
        setLevel(Math.min(1, Math.sqrt(sum / samples.length) * 4));
      }, 100),
    );
  } catch {
    // No Web Audio: dictation works without the level.
  }
}

/** Starts recording once the server said 'started'; chunks go out when they reach 1000 bytes (spec). */
function record(
  r: TRun,
  stream: MediaStream,
  socket: Socket,
  maxSeconds: number,
  set: { elapsed: (seconds: number) => void; level: (level: number) => void },
) {
  const mimeType = pickMimeType((type) => MediaRecorder.isTypeSupported(type));
  const recorder = new MediaRecorder(stream, { mimeType, audioBitsPerSecond: 32_000 });
  r.recorder = recorder;
  let pending: Blob[] = [];
  let pendingBytes = 0;
  const flush = async () => {
    if (pending.length === 0) return;
    const blob = new Blob(pending, { type: recorder.mimeType });
    pending = [];
    pendingBytes = 0;
    socket.emit(SPEECH_EVENTS.sendBlob, await blob.arrayBuffer());
  };
  // Chunks are sent in order: each waits for the one before (arrayBuffer() is asynchronous).
  let queue = Promise.resolve();
  recorder.ondataavailable = (event) => {
    if (event.data.size === 0) return;
    pending.push(event.data);
    pendingBytes += event.data.size;
    if (pendingBytes >= SPEECH_LIMITS.minChunkBytes) queue = queue.then(flush);
  };
  recorder.onstop = () => {
    queue = queue.then(flush).then(() => {
      socket.emit(SPEECH_EVENTS.stop);
    });
    for (const track of stream.getTracks()) track.stop();
  };
  recorder.start(SPEECH_LIMITS.chunkIntervalMs);
  const startedAt = Date.now();
  r.timers.push(
    setInterval(() => {
      const seconds = (Date.now() - startedAt) / 1000;
      set.elapsed(seconds);
      // The server ends the session at its limit; this only guards against a server that does not.
      if (seconds > maxSeconds + 2 && recorder.state === 'recording') recorder.stop();
    }, 250),
  );
  meter(r, stream, set.level);
}

/**
 * Dictation over the speech socket (spec doc 2 section 7): the microphone is recorded with MediaRecorder and
 * sent as a chunk each second ('send blob', over 1000 bytes); text comes back as it is recognised, then once
 * final after 'stop'. A warning ('error') is shown and ends it, so do a dropped socket and a permission taken
 * away. The level (0–1) and elapsed seconds drive the live bar. Audio stays in memory, on both sides.
 */
export function useDictation({ language, onText, onStart, onEnd }: TOptions) {
  const { t } = useTranslation('chat');
  const [state, setState] = useState<TDictationState>('idle');
  const [elapsed, setElapsed] = useState(0);
  const [level, setLevel] = useState(0);
  const run = useRef<TRun | null>(null);
  const callbacks = useRef({ onText, onStart, onEnd });
  callbacks.current = { onText, onStart, onEnd };
  // A new build of the app waits until the dictation is over (lib/app-update).
  const dictating = state !== 'idle';
  useEffect(() => (dictating ? holdAppUpdate() : undefined), [dictating]);

  const warn = useCallback(
    (code: TSpeechWarningCode | 'LOST' | 'UNSUPPORTED' | 'MICROPHONE', fallback?: string) => {
      const key = `dictation.warnings.${code}`;
      showToast(t(key, { defaultValue: fallback ?? t('dictation.warnings.STT_ENGINE_ERROR') }), 'warning');
    },
    [t],
  );

  /** Releases everything: microphone, audio graph, timers, socket. */
  const cleanup = useCallback(() => {
    const r = run.current;
    if (!r) return;
    run.current = null;
    for (const timer of r.timers) clearInterval(timer);
    if (r.recorder) {
      r.recorder.ondataavailable = null;
      r.recorder.onstop = null;
      if (r.recorder.state !== 'inactive') r.recorder.stop();
    }
    for (const track of r.stream?.getTracks() ?? []) track.stop();
    void r.audio?.close().catch(() => {});
    r.socket?.off();
    r.socket?.disconnect();
    setState('idle');
    setLevel(0);
    setElapsed(0);
    callbacks.current.onEnd();
  }, []);

  useEffect(() => cleanup, [cleanup]);

  const start = useCallback(async () => {
    if (run.current) return;
    if (
      !navigator.mediaDevices?.getUserMedia ||
      typeof MediaRecorder === 'undefined' ||
      !pickMimeType((type) => MediaRecorder.isTypeSupported(type))
    ) {
      warn('UNSUPPORTED');
      return;
    }
    const r: TRun = { stream: null, socket: null, recorder: null, audio: null, timers: [], finished: false };
    run.current = r;
    setState('starting');
    callbacks.current.onStart();
    try {
      r.stream = await navigator.mediaDevices.getUserMedia({ audio: true });
    } catch {
      if (run.current === r) {
        warn('MICROPHONE');
        cleanup();
      }
      return;
    }
    const { io } = await import('socket.io-client');
    if (run.current !== r) {
      for (const track of r.stream.getTracks()) track.stop();
      return;
    }
    const token = useSession.getState().token ?? '';
    const socket = io({
      path: SPEECH_SOCKET_PATH,
      query: { token, uuid: tabUuid(), language },
      reconnection: false,
      transports: ['websocket'],
    });
    r.socket = socket;
    const stream = r.stream;
    socket.on(SPEECH_EVENTS.started, (payload: unknown) => {
      if (run.current !== r) return;
      const started = ZSpeechStarted.safeParse(payload);
      try {
        record(r, stream, socket, started.success ? started.data.maxSeconds : SPEECH_LIMITS.maxSeconds, {
          elapsed: setElapsed,
          level: setLevel,
        });
        setState('listening');
      } catch {
        warn('UNSUPPORTED');
        cleanup();
      }
    });
    socket.on(SPEECH_EVENTS.text, (payload: unknown) => {
      const parsed = ZSpeechText.safeParse(payload);
      if (!parsed.success || run.current !== r) return;
      callbacks.current.onText(parsed.data.text, parsed.data.final);
      if (parsed.data.final) {
        r.finished = true;
        // A warning may still follow (the time limit): the socket stays until the server closes it.
        for (const track of stream.getTracks()) track.stop();
        setState('idle');
      }
    });
    socket.on(SPEECH_EVENTS.error, (payload: unknown) => {
      const parsed = ZSpeechWarning.safeParse(payload);
      if (parsed.success) warn(parsed.data.code, parsed.data.message);
      r.finished = true;
      cleanup();
    });
    socket.on('connect_error', (error: Error & { data?: unknown }) => {
      const parsed = ZSpeechWarning.safeParse(error.data);
      if (parsed.success) warn(parsed.data.code, parsed.data.message);
      else warn('LOST');
      cleanup();
    });
    socket.on('disconnect', () => {
      if (run.current === r && !r.finished) warn('LOST');
      cleanup();
    });
  }, [language, warn, cleanup]);

  /** End of speech: the last audio goes out, then the final text comes back. */
  const stop = useCallback(() => {
    const r = run.current;
    if (!r) return;
    if (!r.recorder || r.recorder.state === 'inactive') {
      cleanup();
      return;
    }
    setState('finishing');
    r.recorder.stop();
    r.timers.push(
      setInterval(() => {
        if (run.current === r && !r.finished) {
          warn('STT_ENGINE_ERROR');
          cleanup();
        }
      }, FINAL_TIMEOUT_MS),
    );
  }, [cleanup, warn]);

  /** Ends at once, without a final text (permission taken away, the room left). */
  const cancel = useCallback(
    (code?: TSpeechWarningCode) => {
      if (!run.current) return;
      if (code) warn(code);
      run.current.finished = true;
      cleanup();
    },
    [cleanup, warn],
  );

  return { state, elapsed, level, start, stop, cancel };
}
