/** Below this a session counts as active now: its tab renews its token every few minutes. */
const NOW_MS = 5 * 60_000;

const UNITS: [Intl.RelativeTimeFormatUnit, number][] = [
  ['minute', 60_000],
  ['hour', 3_600_000],
  ['day', 86_400_000],
  ['week', 7 * 86_400_000],
];

/**
 * When a session was last seen, as the reader's language says it ("3 hours ago", "il y a 3 heures",
 * "yesterday"), or null for "active now". Past a month, the date itself says more than "5 weeks ago".
 */
export function lastSeenText(at: number, now: number, language: string): string | null {
  const ago = Math.max(0, now - at);
  if (ago < NOW_MS) return null;
  if (ago >= 30 * 86_400_000) return new Intl.DateTimeFormat(language, { dateStyle: 'medium' }).format(at);
  let unit = UNITS[0]!;
  for (const candidate of UNITS) if (ago >= candidate[1]) unit = candidate;
  const relative = new Intl.RelativeTimeFormat(language, { numeric: 'auto' });
  return relative.format(-Math.floor(ago / unit[1]), unit[0]);
}
