import { describe, expect, it } from 'vitest';
import { pickMimeType } from './use-dictation';

describe('dictation recording format', () => {
  it('records webm or ogg opus, which the server reads, and nothing else', () => {
    expect(pickMimeType(() => true)).toBe('audio/webm;codecs=opus');
    expect(pickMimeType((t) => t.startsWith('audio/ogg'))).toBe('audio/ogg;codecs=opus');
    // A browser that records only mp4 (older Safari) or opus-less webm is told it cannot dictate.
    expect(pickMimeType((t) => t === 'audio/mp4' || t === 'audio/webm')).toBeUndefined();
  });
});
