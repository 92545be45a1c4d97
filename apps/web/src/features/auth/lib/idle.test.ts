import { describe, expect, it } from 'vitest';
import {
  activityKey,
  idleDecision,
  offlineTooLong,
  refreshIntervalMs,
  sessionTimeoutMs,
  staleMarkers,
  userMarkers,
} from './idle';

const MINUTE = 60_000;

describe('idle decision across tabs (spec doc 2 section 4)', () => {
  const now = 10 * 60 * MINUTE;

  it('keeps the session while any tab of the user had activity within the timeout', () => {
    expect(idleDecision(now, [now - 59 * MINUTE, now - 5 * MINUTE], 60 * MINUTE)).toEqual({
      expired: false,
      msLeft: 55 * MINUTE,
    });
  });

  it('ends it when every tab has been idle for the timeout', () => {
    expect(idleDecision(now, [now - 60 * MINUTE, now - 61 * MINUTE], 60 * MINUTE)).toEqual({ expired: true });
  });

  it('does not expire without markers, and counts a future marker as activity now', () => {
    expect(idleDecision(now, [], MINUTE)).toEqual({ expired: false, msLeft: MINUTE });
    expect(idleDecision(now, [now + 5 * MINUTE], MINUTE)).toEqual({ expired: false, msLeft: MINUTE });
  });

  it("reads only this user's markers from storage", () => {
    const entries: [string, string | null][] = [
      [activityKey('u1', 'tab-a'), '100'],
      [activityKey('u1', 'tab-b'), '250'],
      [activityKey('u2', 'tab-c'), '999'],
      [activityKey('u1', 'tab-d'), 'garbage'],
      ['rounds.session', '{}'],
    ];
    expect(userMarkers(entries, 'u1')).toEqual([100, 250]);
  });

  it('finds markers too old to keep', () => {
    const entries: [string, string | null][] = [
      [activityKey('u1', 'a'), String(now - 2 * MINUTE)],
      [activityKey('u1', 'b'), String(now - 20 * MINUTE)],
      [activityKey('u2', 'c'), 'x'],
      ['other', '0'],
    ];
    expect(staleMarkers(entries, now, 10 * MINUTE)).toEqual([activityKey('u1', 'b'), activityKey('u2', 'c')]);
  });
});

describe('session timeout', () => {
  it("uses the user's own minutes, else the server default, else 60", () => {
    expect(sessionTimeoutMs(5, 60)).toBe(5 * MINUTE);
    expect(sessionTimeoutMs(null, 30)).toBe(30 * MINUTE);
    expect(sessionTimeoutMs(0, 0)).toBe(60 * MINUTE);
    expect(sessionTimeoutMs(undefined)).toBe(60 * MINUTE);
  });

  it('caps it at 100000 minutes', () => {
    expect(sessionTimeoutMs(500_000)).toBe(100_000 * MINUTE);
  });

  it('logs out on return from an offline spell longer than the timeout', () => {
    expect(offlineTooLong(null, 100, 10)).toBe(false);
    expect(offlineTooLong(0, 10, 10)).toBe(false);
    expect(offlineTooLong(0, 11, 10)).toBe(true);
  });

  it('renews the token every third of the timeout, and at least every 10 minutes', () => {
    expect(refreshIntervalMs(60 * MINUTE)).toBe(10 * MINUTE);
    expect(refreshIntervalMs(15 * MINUTE)).toBe(5 * MINUTE);
    expect(refreshIntervalMs(MINUTE)).toBe(20_000);
  });
});
