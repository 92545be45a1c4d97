import { startSttStandIn } from '@rounds/test-kit/stt-stand-in';
import { describe, expect, it } from 'vitest';
import { createSttEngine, transcriptionEndpoint } from './stt-engine';

describe('transcription endpoint', () => {
  it('takes a server address, an API base or a full endpoint', () => {
    expect(transcriptionEndpoint('http://stt.local:8000')).toBe('http://stt.local:8000/v1/audio/transcriptions');
    expect(transcriptionEndpoint('http://stt.local:8000/')).toBe('http://stt.local:8000/v1/audio/transcriptions');
    expect(transcriptionEndpoint('https://api.example.com/v1')).toBe('https://api.example.com/v1/audio/transcriptions');
    expect(transcriptionEndpoint('http://10.0.0.5:8178/inference')).toBe('http://10.0.0.5:8178/inference');
    expect(transcriptionEndpoint('http://h/v1/audio/transcriptions/')).toBe('http://h/v1/audio/transcriptions');
  });
});

describe('speech engine client', () => {
  it('never sends the engine more audio than a dictation can be', async () => {
    const standIn = await startSttStandIn({ decode: false });
    try {
      const engine = createSttEngine({ url: standIn.url, model: 'whisper-1', timeoutMs: 5_000, maxAudioBytes: 1_000 });
      const send = (bytes: number) =>
        engine.transcribe({ audio: Buffer.alloc(bytes), filename: 'audio.wav', mime: 'audio/wav', language: 'en' });
      await expect(send(1_000)).resolves.toBe('request 0');
      await expect(send(1_001)).rejects.toThrow(/over the engine's cap/);
      expect(standIn.requests.map((r) => r.bytes)).toEqual([1_000]);
    } finally {
      await standIn.close();
    }
  });
});
