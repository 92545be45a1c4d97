import type { TLanguage } from '@rounds/contracts/common';
import { z } from 'zod';

export type SttEngineOptions = {
  url: string;
  apiKey?: string;
  model: string;
  timeoutMs: number;
  /** Larger audio is refused before it is sent: the engine never gets more than a dictation can be. */
  maxAudioBytes: number;
};

export type TranscribeInput = {
  audio: Buffer;
  filename: string;
  mime: string;
  language: TLanguage;
  signal?: AbortSignal;
};

export type SttEngine = { transcribe: (input: TranscribeInput) => Promise<string> };

const ZTranscription = z.object({ text: z.string() });

/**
 * STT_URL may be the server's address (`http://host:8000`), its API base (`…/v1`), or the full endpoint
 * (`…/v1/audio/transcriptions`, or whisper.cpp's `…/inference`), which is used as it is.
 */
export function transcriptionEndpoint(base: string): string {
  const url = new URL(base);
  const path = url.pathname.replace(/\/+$/, '');
  url.pathname =
    path === '' ? '/v1/audio/transcriptions' : path.endsWith('/v1') ? `${path}/audio/transcriptions` : path;
  return url.toString();
}

/**
 * Any OpenAI-compatible transcription server: POST multipart (file, model, language, response_format json),
 * answer `{ text }`. whisper.cpp's server, faster-whisper servers and hosted services speak it.
 */
export function createSttEngine(o: SttEngineOptions): SttEngine {
  const endpoint = transcriptionEndpoint(o.url);
  return {
    transcribe: async ({ audio, filename, mime, language, signal }) => {
      if (audio.length > o.maxAudioBytes) throw new Error(`audio of ${audio.length} bytes is over the engine's cap`);
      const form = new FormData();
      form.append('file', new Blob([new Uint8Array(audio)], { type: mime }), filename);
      form.append('model', o.model);
      form.append('language', language);
      form.append('response_format', 'json');
      const timeout = AbortSignal.timeout(o.timeoutMs);
      const res = await fetch(endpoint, {
        method: 'POST',
        body: form,
        headers: o.apiKey ? { authorization: `Bearer ${o.apiKey}` } : {},
        signal: signal ? AbortSignal.any([signal, timeout]) : timeout,
      });
      if (!res.ok) {
        const body = await res.text().catch(() => '');
        throw new Error(`engine answered ${res.status}: ${body.slice(0, 200)}`);
      }
      const parsed = ZTranscription.safeParse(await res.json());
      if (!parsed.success) throw new Error('engine reply has no text');
      return parsed.data.text.trim();
    },
  };
}
