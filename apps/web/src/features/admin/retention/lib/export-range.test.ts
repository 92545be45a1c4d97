import { describe, expect, it } from 'vitest';
import { exportRange } from './export-range';

describe('exportRange', () => {
  it('runs from the start of the first day to the start of the day after the last, in local time', () => {
    expect(exportRange(['2026-03-01', '2026-03-03'])).toEqual({
      from: new Date(2026, 2, 1).getTime(),
      to: new Date(2026, 2, 4).getTime(),
    });
  });

  it('covers the one day picked so far, and nothing before a day is picked', () => {
    expect(exportRange(['2026-12-31', null])).toEqual({
      from: new Date(2026, 11, 31).getTime(),
      to: new Date(2027, 0, 1).getTime(),
    });
    expect(exportRange([null, null])).toBeNull();
  });
});
