/**
 * Wall-clock time in an IANA time zone, with Intl only (no Temporal in Node yet). A duty schedule is written
 * in the facility's local time ("Mondays 20:00 to 08:00"), so an occurrence's instants are found by asking
 * Intl for the zone's offset at a guess and correcting once: right on both sides of a daylight-saving change.
 */

export type LocalDate = string; // YYYY-MM-DD
export type LocalTime = string; // HH:MM

const formatters = new Map<string, Intl.DateTimeFormat>();
function formatter(timeZone: string): Intl.DateTimeFormat {
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    formatters.set(timeZone, f);
  }
  return f;
}

/**
 * The zone's IANA name as Intl spells it ('europe/paris' is stored as 'Europe/Paris'), or null: an unknown name,
 * or a fixed offset ('+01:00', which newer engines accept) that would put a rotation an hour off half the year.
 */
export function ianaZone(timeZone: string): string | null {
  if (!/^[A-Za-z]/.test(timeZone)) return null;
  try {
    return formatter(timeZone).resolvedOptions().timeZone;
  } catch {
    return null;
  }
}

type Fields = { year: number; month: number; day: number; hour: number; minute: number; second: number };

function fieldsAt(ms: number, timeZone: string): Fields {
  const parts: Record<string, number> = {};
  for (const p of formatter(timeZone).formatToParts(new Date(ms))) {
    if (p.type !== 'literal') parts[p.type] = Number(p.value);
  }
  return {
    year: parts.year!,
    month: parts.month!,
    day: parts.day!,
    hour: parts.hour!,
    minute: parts.minute!,
    second: parts.second!,
  };
}

/** The zone's offset from UTC at an instant, in milliseconds (positive east of Greenwich). */
function offsetAt(ms: number, timeZone: string): number {
  const f = fieldsAt(ms, timeZone);
  const asUtc = Date.UTC(f.year, f.month - 1, f.day, f.hour, f.minute, f.second);
  return asUtc - Math.floor(ms / 1000) * 1000;
}

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/** The local date, time and weekday (0 Monday … 6 Sunday) of an instant in a zone. */
export function localOf(ms: number, timeZone: string): { date: LocalDate; time: LocalTime; weekday: number } {
  const minute = Math.floor(ms / 60_000) * 60_000;
  // Every role of a facility asks about the same minute in the same zone.
  const key = `${timeZone}|${minute}`;
  const known = locals.get(key);
  if (known) return known;
  if (locals.size > 10_000) locals.clear();
  const f = fieldsAt(minute, timeZone);
  const date = `${pad(f.year, 4)}-${pad(f.month)}-${pad(f.day)}`;
  const found = { date, time: `${pad(f.hour)}:${pad(f.minute)}`, weekday: weekdayOf(date) };
  locals.set(key, found);
  return found;
}

const locals = new Map<string, { date: LocalDate; time: LocalTime; weekday: number }>();

/** 0 Monday … 6 Sunday, of a calendar date (no zone involved). */
export function weekdayOf(date: LocalDate): number {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return (new Date(Date.UTC(y, m - 1, d)).getUTCDay() + 6) % 7;
}

/** The calendar date `days` after `date`. */
export function addDays(date: LocalDate, days: number): LocalDate {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const next = new Date(Date.UTC(y, m - 1, d + days));
  return `${pad(next.getUTCFullYear(), 4)}-${pad(next.getUTCMonth() + 1)}-${pad(next.getUTCDate())}`;
}

/**
 * The instant a wall-clock time names in a zone. A time the clocks skip (02:30 on the spring-forward night)
 * is read with the offset before the change, which lands after the gap (03:30), as a person whose shift
 * "starts at 02:30" would turn up; a time that happens twice (the fall-back hour) is its first occurrence.
 */
export function instantOf(date: LocalDate, time: LocalTime, timeZone: string): number {
  // Hundreds of roles share a zone and a shift start: GET /on-call asks the same few instants many times.
  const key = `${timeZone}|${date}|${time}`;
  const known = instants.get(key);
  if (known !== undefined) return known;
  if (instants.size > 50_000) instants.clear();
  const found = computeInstant(date, time, timeZone);
  instants.set(key, found);
  return found;
}

const instants = new Map<string, number>();

function computeInstant(date: LocalDate, time: LocalTime, timeZone: string): number {
  const [y, mo, d] = date.split('-').map(Number) as [number, number, number];
  const [h, mi] = time.split(':').map(Number) as [number, number];
  const wall = Date.UTC(y, mo - 1, d, h, mi);
  // The offsets a few hours either side cover every real zone's change (at most two offsets near any instant).
  const before = offsetAt(wall - 12 * 3_600_000, timeZone);
  const after = offsetAt(wall + 12 * 3_600_000, timeZone);
  const first = wall - before;
  if (offsetAt(first, timeZone) === before) return first; // valid with the earlier offset (also the first of two)
  const second = wall - after;
  if (offsetAt(second, timeZone) === after) return second;
  return first; // in the gap: the earlier offset carries it past the change
}
