import { describe, expect, it } from 'vitest';
import { formatLogDate, rangePresets, rangeToSeconds } from './date-range';

const seconds = (...parts: [number, number, number, number?, number?, number?]) =>
  new Date(parts[0], parts[1], parts[2], parts[3] ?? 0, parts[4] ?? 0, parts[5] ?? 0).getTime() / 1000;

describe('rangeToSeconds', () => {
  it('sends the start of the first day and the end of the last, in local time', () => {
    expect(rangeToSeconds(['2026-03-02', '2026-03-05'])).toEqual({
      from: seconds(2026, 2, 2),
      to: seconds(2026, 2, 5, 23, 59, 59),
    });
  });

  it('covers the one day picked while the range is still open', () => {
    expect(rangeToSeconds(['2026-03-02', null])).toEqual({
      from: seconds(2026, 2, 2),
      to: seconds(2026, 2, 2, 23, 59, 59),
    });
  });

  it('sends nothing for All Time', () => {
    expect(rangeToSeconds([null, null])).toEqual({});
  });
});

describe('formatLogDate', () => {
  it('reads seconds and writes YYYY-MM-DD hh:mm A', () => {
    expect(formatLogDate(seconds(2026, 0, 9, 15, 7))).toBe('2026-01-09 03:07 PM');
    expect(formatLogDate(seconds(2026, 0, 9, 0, 30))).toBe('2026-01-09 12:30 AM');
  });
});

describe('rangePresets', () => {
  // A Wednesday.
  const presets = Object.fromEntries(rangePresets(new Date(2026, 2, 11, 10)).map((p) => [p.key, p.value]));

  it('offers All Time instead of Yesterday', () => {
    expect(Object.keys(presets)).toEqual(['today', 'allTime', 'thisWeek', 'lastWeek', 'thisMonth', 'lastMonth']);
    expect(presets.allTime).toEqual([null, null]);
  });

  it('computes weeks from Monday and months to their last day', () => {
    expect(presets.today).toEqual(['2026-03-11', '2026-03-11']);
    expect(presets.thisWeek).toEqual(['2026-03-09', '2026-03-11']);
    expect(presets.lastWeek).toEqual(['2026-03-02', '2026-03-08']);
    expect(presets.thisMonth).toEqual(['2026-03-01', '2026-03-11']);
    expect(presets.lastMonth).toEqual(['2026-02-01', '2026-02-28']);
  });

  it('starts this week on Monday when today is a Sunday', () => {
    const sunday = Object.fromEntries(rangePresets(new Date(2026, 2, 15, 10)).map((p) => [p.key, p.value]));
    expect(sunday.thisWeek).toEqual(['2026-03-09', '2026-03-15']);
  });
});
