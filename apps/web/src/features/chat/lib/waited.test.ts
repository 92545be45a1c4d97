import { describe, expect, it } from 'vitest';
import { waitedFor } from './waited';

const MIN = 60_000;

describe('waitedFor', () => {
  it('says minutes, then hours and minutes, then days, in the reader language', () => {
    expect(waitedFor(0, 60 * 1000, 'en')).toBe('1 minute');
    expect(waitedFor(0, 12 * MIN, 'en')).toBe('12 minutes');
    expect(waitedFor(0, 65 * MIN, 'en')).toBe('1 hour 5 minutes');
    expect(waitedFor(0, 120 * MIN, 'en')).toBe('2 hours');
    expect(waitedFor(0, 50 * 60 * MIN, 'en')).toBe('2 days');
    // French spacing varies by unit (no-break or plain space): the words are what matter.
    const plain = (text: string) => text.replace(/\u00a0/g, ' ');
    expect(plain(waitedFor(0, 12 * MIN, 'fr') ?? '')).toBe('12 minutes');
    expect(plain(waitedFor(0, 65 * MIN, 'fr') ?? '')).toBe('1 heure 5 minutes');
  });

  it('has no duration for a message seconds old, nor for a clock a little behind the server', () => {
    expect(waitedFor(0, 10 * 1000, 'en')).toBeNull();
    expect(waitedFor(0, 59_999, 'en')).toBeNull();
    expect(waitedFor(5_000, 0, 'en')).toBeNull();
  });
});
