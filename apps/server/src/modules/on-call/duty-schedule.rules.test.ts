import { describe, expect, it } from 'vitest';
import { holdersAt, type Rotation, rotationOccurrenceAt } from './duty-schedule.rules';
import { addDays, instantOf, localOf } from './zoned-time';

const PARIS = 'Europe/Paris';
const NEW_YORK = 'America/New_York';
const H = 3_600_000;

const nights = (o: Partial<Rotation> = {}): Rotation => ({
  userId: 'roy',
  weekdays: [0, 1, 2, 3, 4, 5, 6],
  startTime: '20:00',
  endTime: '08:00',
  fromDate: '2026-01-01',
  untilDate: null,
  exceptions: [],
  ...o,
});

describe('wall-clock time in a zone', () => {
  it('reads a spring-forward gap as the time after it and a fall-back hour as its first pass', () => {
    // Paris: 29 March 2026 02:00 → 03:00; 25 October 2026 03:00 → 02:00.
    expect(new Date(instantOf('2026-03-29', '02:30', PARIS)).toISOString()).toBe('2026-03-29T01:30:00.000Z');
    expect(new Date(instantOf('2026-03-29', '03:00', PARIS)).toISOString()).toBe('2026-03-29T01:00:00.000Z');
    expect(new Date(instantOf('2026-10-25', '02:30', PARIS)).toISOString()).toBe('2026-10-25T00:30:00.000Z');
    expect(new Date(instantOf('2026-10-25', '12:00', PARIS)).toISOString()).toBe('2026-10-25T11:00:00.000Z');
    expect(new Date(instantOf('2026-03-08', '12:00', NEW_YORK)).toISOString()).toBe('2026-03-08T16:00:00.000Z');
    expect(localOf(Date.parse('2026-10-25T01:30:00Z'), PARIS)).toEqual({
      date: '2026-10-25',
      time: '02:30',
      weekday: 6,
    });
    expect(addDays('2026-02-28', 1)).toBe('2026-03-01');
  });
});

describe('a weekly rotation across the daylight-saving weeks', () => {
  it('covers a night of 11 hours in spring and 13 in autumn, 20:00 to 08:00 local each time', () => {
    const spring = rotationOccurrenceAt(nights(), Date.parse('2026-03-29T04:00:00Z'), PARIS)!;
    expect(new Date(spring.startsAt).toISOString()).toBe('2026-03-28T19:00:00.000Z');
    expect(new Date(spring.endsAt!).toISOString()).toBe('2026-03-29T06:00:00.000Z');
    expect((spring.endsAt! - spring.startsAt) / H).toBe(11);

    const autumn = rotationOccurrenceAt(nights(), Date.parse('2026-10-25T06:30:00Z'), PARIS)!;
    expect(new Date(autumn.startsAt).toISOString()).toBe('2026-10-24T18:00:00.000Z');
    expect((autumn.endsAt! - autumn.startsAt) / H).toBe(13);
    // 07:45 local after the change is still the night; 08:00 local is not.
    expect(rotationOccurrenceAt(nights(), Date.parse('2026-10-25T06:59:00Z'), PARIS)).not.toBeNull();
    expect(rotationOccurrenceAt(nights(), Date.parse('2026-10-25T07:00:00Z'), PARIS)).toBeNull();
  });

  it('keeps the local start every day of the DST week, hour for hour', () => {
    const days = ['2026-03-25', '2026-03-26', '2026-03-27', '2026-03-28', '2026-03-29', '2026-03-30', '2026-03-31'];
    const day = nights({ startTime: '08:00', endTime: '20:00' });
    for (const d of days) {
      const at = instantOf(d, '08:00', PARIS);
      const occ = rotationOccurrenceAt(day, at, PARIS)!;
      expect(localOf(occ.startsAt, PARIS).time, d).toBe('08:00');
      expect(localOf(occ.endsAt!, PARIS).time, d).toBe('20:00');
      expect(rotationOccurrenceAt(day, at - 60_000, PARIS), d).toBeNull();
    }
  });

  it('honours weekdays, the date range and exceptions (the day the occurrence starts)', () => {
    const mondays = nights({
      weekdays: [0],
      fromDate: '2026-03-02',
      untilDate: '2026-03-23',
      exceptions: ['2026-03-16'],
    });
    const mondayNight = (d: string) => instantOf(d, '23:00', PARIS);
    expect(rotationOccurrenceAt(mondays, mondayNight('2026-03-09'), PARIS)).not.toBeNull();
    // Tuesday 03:00 still belongs to Monday's night.
    expect(rotationOccurrenceAt(mondays, instantOf('2026-03-10', '03:00', PARIS), PARIS)).not.toBeNull();
    expect(rotationOccurrenceAt(mondays, mondayNight('2026-03-10'), PARIS)).toBeNull();
    expect(rotationOccurrenceAt(mondays, mondayNight('2026-03-16'), PARIS)).toBeNull();
    expect(rotationOccurrenceAt(mondays, mondayNight('2026-02-23'), PARIS)).toBeNull();
    expect(rotationOccurrenceAt(mondays, mondayNight('2026-03-30'), PARIS)).toBeNull();
  });
});

describe('holders at an instant', () => {
  const at = Date.parse('2026-03-10T12:00:00Z');
  const base = { at, timeZone: PARIS, hands: [], offs: [], shifts: [], rotations: [] };

  it('counts overlapping shifts once each, and a hand hold over a scheduled one', () => {
    const holders = holdersAt({
      ...base,
      shifts: [
        { userId: 'a', startsAt: at - H, endsAt: at + H },
        { userId: 'b', startsAt: at - 2 * H, endsAt: at + 2 * H },
        { userId: 'a', startsAt: at - 3 * H, endsAt: at + 3 * H },
        { userId: 'c', startsAt: at + H, endsAt: at + 2 * H },
      ],
      hands: [{ userId: 'b', startsAt: at - 10, endsAt: null }],
    });
    expect(holders.map((h) => [h.userId, h.source]).sort()).toEqual([
      ['a', 'schedule'],
      ['b', 'hand'],
    ]);
  });

  it('leaves out a scheduled person who released the role, until they take it again', () => {
    const shifts = [{ userId: 'a', startsAt: at - H, endsAt: at + H }];
    const offs = [{ userId: 'a', startsAt: at - 60_000, endsAt: at + H }];
    expect(holdersAt({ ...base, shifts, offs })).toEqual([]);
    expect(holdersAt({ ...base, shifts, offs, hands: [{ userId: 'a', startsAt: at - 1, endsAt: null }] })).toEqual([
      { userId: 'a', source: 'hand', since: at - 1, until: null },
    ]);
  });
});
