import type { TPasswordUpdate } from '@rounds/contracts/settings';
import { readItem, writeItem } from '../../../lib/browser-storage';

const DAY = 24 * 60 * 60_000;
const PERIOD_MS: Record<TPasswordUpdate['period'], number> = {
  day: DAY,
  week: 7 * DAY,
  month: 30 * DAY,
  year: 365 * DAY,
};

/**
 * The password update modal (spec doc 2 section 2) is due when the policy is active and frequency x
 * period has passed since the policy's lastUpdate. The user's own password age is not in the user
 * contract, so, as the spec's client does, the reference is the policy's lastUpdate; a change made on this
 * device since (`changedAt`) also counts, so the modal does not come back right after an update.
 */
export function isPasswordUpdateDue(
  policy: TPasswordUpdate | undefined,
  now: number,
  changedAt: number | null = null,
): boolean {
  if (!policy?.active || policy.lastUpdate == null || policy.frequency <= 0) return false;
  const reference = Math.max(policy.lastUpdate, changedAt ?? Number.NEGATIVE_INFINITY);
  return now >= reference + policy.frequency * PERIOD_MS[policy.period];
}

const changedKey = (userId: string) => `rounds.password-changed.${userId}`;

/** When this user last changed their password on this device (null if never seen here). */
export function readPasswordChange(userId: string): number | null {
  const value = Number(readItem('local', changedKey(userId)));
  return Number.isFinite(value) && value > 0 ? value : null;
}

export function recordPasswordChange(userId: string, at = Date.now()): void {
  writeItem('local', changedKey(userId), String(at));
}
