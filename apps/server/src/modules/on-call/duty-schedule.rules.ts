import type { TDutyRotation } from '@rounds/contracts/on-call';
import { addDays, instantOf, localOf, weekdayOf } from './zoned-time';

/**
 * Who holds a duty role at an instant, from its schedule and the hand changes: pure, so every rule of it is
 * tested without a database (duty-schedule.rules.test.ts).
 */

/** A weekly rotation (contracts ZDutyRotation): on these weekdays (0 Monday … 6 Sunday), from start to end
 * local time (an end at or before the start ends the next day), between two dates, except on the listed dates
 * (the day an occurrence starts). */
export type Rotation = TDutyRotation;

export type Interval = { userId: string; startsAt: number; endsAt: number | null };

/** The rotation's occurrence covering `at`, if any, as instants. */
export function rotationOccurrenceAt(r: Rotation, at: number, timeZone: string): Interval | null {
  const today = localOf(at, timeZone).date;
  const overnight = r.endTime <= r.startTime;
  // Only an occurrence that started today or (overnight) yesterday can cover now.
  for (const day of overnight ? [today, addDays(today, -1)] : [today]) {
    if (!r.weekdays.includes(weekdayOf(day))) continue;
    if (day < r.fromDate || (r.untilDate !== null && day > r.untilDate) || r.exceptions.includes(day)) continue;
    const startsAt = instantOf(day, r.startTime, timeZone);
    const endsAt = instantOf(overnight ? addDays(day, 1) : day, r.endTime, timeZone);
    if (startsAt <= at && at < endsAt) return { userId: r.userId, startsAt, endsAt };
  }
  return null;
}

export type HolderSource = 'hand' | 'schedule';
export type Holder = { userId: string; source: HolderSource; since: number; until: number | null };

/**
 * The holders at `at`: everyone whose hand hold covers it, and everyone scheduled then (shifts and rotations)
 * unless they released the role for that stretch (an "off" record). A hand hold wins over an off record: a
 * person who released and took the role again holds it. One entry per person; the hand hold named if both.
 */
export function holdersAt(input: {
  at: number;
  timeZone: string;
  hands: Interval[];
  offs: Interval[];
  shifts: Interval[];
  rotations: Rotation[];
}): Holder[] {
  const { at } = input;
  const covers = (i: Interval) => i.startsAt <= at && (i.endsAt === null || at < i.endsAt);
  const byUser = new Map<string, Holder>();
  for (const h of input.hands.filter(covers)) {
    byUser.set(h.userId, { userId: h.userId, source: 'hand', since: h.startsAt, until: h.endsAt });
  }
  const off = new Set(input.offs.filter(covers).map((o) => o.userId));
  const scheduled = [
    ...input.shifts.filter(covers),
    ...input.rotations.flatMap((r) => rotationOccurrenceAt(r, at, input.timeZone) ?? []),
  ];
  for (const s of scheduled) {
    if (byUser.has(s.userId) || off.has(s.userId)) continue;
    byUser.set(s.userId, { userId: s.userId, source: 'schedule', since: s.startsAt, until: s.endsAt });
  }
  return [...byUser.values()];
}

/** A shift ends after it starts and lasts at most maxShiftMs; a rotation needs a weekday and a valid range. */
export function scheduleProblem(
  shifts: { startsAt: number; endsAt: number }[],
  rotations: Rotation[],
  maxShiftMs: number,
): {
  index: number;
  kind: 'shift' | 'rotation';
  problem: 'endBeforeStart' | 'tooLong' | 'noWeekday' | 'untilBeforeFrom';
} | null {
  for (const [index, s] of shifts.entries()) {
    if (s.endsAt <= s.startsAt) return { index, kind: 'shift', problem: 'endBeforeStart' };
    if (s.endsAt - s.startsAt > maxShiftMs) return { index, kind: 'shift', problem: 'tooLong' };
  }
  for (const [index, r] of rotations.entries()) {
    if (r.weekdays.length === 0) return { index, kind: 'rotation', problem: 'noWeekday' };
    if (r.untilDate !== null && r.untilDate < r.fromDate)
      return { index, kind: 'rotation', problem: 'untilBeforeFrom' };
  }
  return null;
}
