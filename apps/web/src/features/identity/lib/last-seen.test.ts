import { describe, expect, it } from 'vitest';
import { lastSeenText } from './last-seen';

const NOW = Date.UTC(2026, 10, 26, 12, 0);
const MIN = 60_000;

describe('lastSeenText', () => {
  it('says nothing for a session seen in the last minutes: it is active now', () => {
    expect(lastSeenText(NOW, NOW, 'en')).toBeNull();
    expect(lastSeenText(NOW - 4 * MIN, NOW, 'en')).toBeNull();
    // A clock a little ahead of the server's is still now.
    expect(lastSeenText(NOW + MIN, NOW, 'en')).toBeNull();
  });

  it("says how long ago in the reader's language, in the largest whole unit", () => {
    expect(lastSeenText(NOW - 12 * MIN, NOW, 'en')).toBe('12 minutes ago');
    expect(lastSeenText(NOW - 12 * MIN, NOW, 'fr')).toBe('il y a 12 minutes');
    expect(lastSeenText(NOW - 185 * MIN, NOW, 'en')).toBe('3 hours ago');
    expect(lastSeenText(NOW - 26 * 60 * MIN, NOW, 'en')).toBe('yesterday');
    expect(lastSeenText(NOW - 26 * 60 * MIN, NOW, 'fr')).toBe('hier');
    expect(lastSeenText(NOW - 15 * 24 * 60 * MIN, NOW, 'en')).toBe('2 weeks ago');
  });

  it('gives the date past a month', () => {
    expect(lastSeenText(Date.UTC(2026, 8, 1, 12), NOW, 'en')).toBe('Sep 1, 2026');
  });
});
