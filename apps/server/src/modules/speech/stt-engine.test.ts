import { describe, expect, it } from 'vitest';
import { transcriptionEndpoint } from './stt-engine';

describe('transcription endpoint', () => {
  it('takes a server address, an API base or a full endpoint', () => {
    expect(transcriptionEndpoint('http://stt.local:8000')).toBe('http://stt.local:8000/v1/audio/transcriptions');
    expect(transcriptionEndpoint('http://stt.local:8000/')).toBe('http://stt.local:8000/v1/audio/transcriptions');
    expect(transcriptionEndpoint('https://api.example.com/v1')).toBe('https://api.example.com/v1/audio/transcriptions');
    expect(transcriptionEndpoint('http://10.0.0.5:8178/inference')).toBe('http://10.0.0.5:8178/inference');
    expect(transcriptionEndpoint('http://h/v1/audio/transcriptions/')).toBe('http://h/v1/audio/transcriptions');
  });
});
