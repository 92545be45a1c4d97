/**
 * Idle logout across tabs (spec doc 2 section 4 "Multi-tab session"). Every tab of the user keeps a marker
 * in localStorage with the time of its last activity; a tab counts as active while its marker is younger
 * than the session timeout. When no marker of the user is active any more, the session is over in every
 * tab at once. Markers are timestamps rather than active/inactive flags so that a tab closed while active
 * still counts until its activity is too old, and no tab has to flip another tab's flag.
 */

export const ACTIVITY_KEY_PREFIX = 'rounds.activity.';

/** Spec doc 2 section 9: minutes, 0 to 100000; 0 or unset falls back to the server default. */
export const DEFAULT_SESSION_TIMEOUT_MINUTES = 60;
const MAX_SESSION_TIMEOUT_MINUTES = 100_000;

export function activityKey(userId: string, tabId: string): string {
  return `${ACTIVITY_KEY_PREFIX}${userId}.${tabId}`;
}

/** The user's markers among storage entries, as timestamps (unreadable values are ignored). */
export function userMarkers(entries: Iterable<readonly [string, string | null]>, userId: string): number[] {
  const prefix = `${ACTIVITY_KEY_PREFIX}${userId}.`;
  const markers: number[] = [];
  for (const [key, value] of entries) {
    if (!key.startsWith(prefix) || value == null) continue;
    const at = Number(value);
    if (Number.isFinite(at)) markers.push(at);
  }
  return markers;
}

/** The effective timeout in milliseconds from the user's own value and the server default. */
export function sessionTimeoutMs(userMinutes: number | null | undefined, defaultMinutes?: number | null): number {
  const pick = (value: number | null | undefined) => (value != null && value > 0 ? value : undefined);
  const minutes = pick(userMinutes) ?? pick(defaultMinutes) ?? DEFAULT_SESSION_TIMEOUT_MINUTES;
  return Math.min(minutes, MAX_SESSION_TIMEOUT_MINUTES) * 60_000;
}

export type TIdleDecision = { expired: true } | { expired: false; msLeft: number };

/**
 * Whether the session has expired for inactivity. `markers` are the last-activity times of every tab of
 * the user (this one included); a marker from the future (another tab's clock, or a clock set back) counts
 * as activity now.
 */
export function idleDecision(now: number, markers: readonly number[], timeoutMs: number): TIdleDecision {
  if (markers.length === 0) return { expired: false, msLeft: timeoutMs };
  const latest = Math.min(now, Math.max(...markers));
  const msLeft = latest + timeoutMs - now;
  return msLeft <= 0 ? { expired: true } : { expired: false, msLeft };
}

/** Markers too old to matter: removed so localStorage does not collect one per tab ever opened. */
export function staleMarkers(
  entries: Iterable<readonly [string, string | null]>,
  now: number,
  maxAgeMs: number,
): string[] {
  const stale: string[] = [];
  for (const [key, value] of entries) {
    if (!key.startsWith(ACTIVITY_KEY_PREFIX)) continue;
    const at = Number(value);
    if (!Number.isFinite(at) || now - at > maxAgeMs) stale.push(key);
  }
  return stale;
}

/** Offline longer than the session timeout means the session is over on return (spec doc 2 section 4). */
export function offlineTooLong(offlineSince: number | null, now: number, timeoutMs: number): boolean {
  return offlineSince != null && now - offlineSince > timeoutMs;
}

/**
 * How often the access token is renewed: a third of the session timeout (spec doc 2 section 4), but at
 * least every 10 minutes because an access token lives 15 (ACCESS_TOKEN_TTL on the server).
 */
export function refreshIntervalMs(timeoutMs: number): number {
  return Math.max(10_000, Math.min(timeoutMs / 3, 10 * 60_000));
}
