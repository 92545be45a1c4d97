import type { Db } from '../../db/database';
import * as store from './login-throttle.store';

/**
 * Failed sign-ins, counted in the database so every process sees the same counts (docs/decisions.md,
 * "Login failures"). Nothing here ever refuses the right password from another place: a storm against one
 * account makes everyone solve the captcha for it, and only the address the storm comes from waits.
 *
 * - per (address, account): 5 free failures, then each further one blocks that pair for a delay that grows
 *   from 30 s and doubles up to 15 minutes;
 * - per account, from anywhere: after 3 failures the captcha is required to try that account;
 * - per address, any account: after 10 failures the captcha is required from that address (password
 *   spraying); never a block, since a whole hospital may share that address.
 * A failure-free window of 15 minutes forgets the counts; a right password clears its account and pair.
 */
export const THROTTLE = {
  windowMs: 15 * 60_000,
  pairFreeFailures: 5,
  firstDelayMs: 30_000,
  maxDelayMs: 15 * 60_000,
  accountCaptchaAfter: 3,
  addressCaptchaAfter: 10,
  /** Failures at one account within a window that make a storm worth the user log. */
  accountStormAt: 10,
  /** Failures from one address within a window that make a storm worth the user log. */
  addressStormAt: 20,
} as const;

export type ThrottleState = {
  /** How long this address must still wait before trying this account; 0 when it may try. */
  blockedMs: number;
  captchaRequired: boolean;
  /** Failures of this address at this account in the current window. */
  pairFailures: number;
};

export type FailureCounts = ThrottleState & { accountFailures: number; addressFailures: number };

const keys = (email: string, ip: string | null) => ({
  account: `account:${email.toLowerCase()}`,
  address: `ip:${ip ?? 'unknown'}`,
  pair: `pair:${ip ?? 'unknown'}|${email.toLowerCase()}`,
});

export async function throttleState(db: Db, email: string, ip: string | null): Promise<ThrottleState> {
  const now = Date.now();
  const k = keys(email, ip);
  const rows = await store.liveThrottles(db, [k.account, k.address, k.pair], now);
  const row = (key: string) => rows.find((r) => r.key === key);
  const pair = row(k.pair);
  return {
    blockedMs: Math.max(0, (pair?.blocked_until ?? 0) - now),
    captchaRequired:
      (row(k.account)?.failures ?? 0) >= THROTTLE.accountCaptchaAfter ||
      (row(k.address)?.failures ?? 0) >= THROTTLE.addressCaptchaAfter,
    pairFailures: pair?.failures ?? 0,
  };
}

/** Adds one failure to a key (safe when processes race), starting a new window if it ended. */
const bump = (db: Db, key: string, now: number) => store.bumpThrottle(db, key, now, now + THROTTLE.windowMs);

/** Makes a key wait `blockedMs`; its window lasts at least as long, so the count is still there when it ends. */
const block = (db: Db, key: string, now: number, blockedMs: number) =>
  store.blockThrottle(db, key, now + blockedMs, Math.max(now + blockedMs, now + THROTTLE.windowMs));

export async function recordFailure(db: Db, email: string, ip: string | null): Promise<FailureCounts> {
  const now = Date.now();
  const k = keys(email, ip);
  // Ended windows are swept here, so the table holds only live storms.
  await store.deleteEndedThrottles(db, now);
  const accountFailures = await bump(db, k.account, now);
  const addressFailures = await bump(db, k.address, now);
  const pairFailures = await bump(db, k.pair, now);
  let blockedMs = 0;
  if (pairFailures >= THROTTLE.pairFreeFailures) {
    blockedMs = Math.min(THROTTLE.maxDelayMs, THROTTLE.firstDelayMs * 2 ** (pairFailures - THROTTLE.pairFreeFailures));
    await block(db, k.pair, now, blockedMs);
  }
  return {
    accountFailures,
    addressFailures,
    pairFailures,
    blockedMs,
    captchaRequired: accountFailures >= THROTTLE.accountCaptchaAfter || addressFailures >= THROTTLE.addressCaptchaAfter,
  };
}

/** A right password: this account and this address's attempts at it start again from zero. */
export async function clearFailures(db: Db, email: string, ip: string | null): Promise<void> {
  const k = keys(email, ip);
  await store.deleteThrottles(db, [k.account, k.pair]);
}

/** A password reset ends any storm against the account (the pairs end with their windows). */
export async function clearAccountFailures(db: Db, email: string): Promise<void> {
  await store.deleteThrottles(db, [keys(email, null).account]);
}

/**
 * Second-factor codes (issue 26): counted per account from anywhere, since whoever types them already has the
 * password. Five free failures, then the pair's growing delay; a right code clears the count.
 */
const codeKey = (userId: string) => `mfa:${userId}`;

export async function codeBlockedMs(db: Db, userId: string): Promise<number> {
  const now = Date.now();
  const row = await store.liveBlockedUntil(db, codeKey(userId), now);
  return Math.max(0, (row?.blocked_until ?? 0) - now);
}

export async function recordCodeFailure(db: Db, userId: string): Promise<{ failures: number; blockedMs: number }> {
  const now = Date.now();
  const failures = await bump(db, codeKey(userId), now);
  if (failures < THROTTLE.pairFreeFailures) return { failures, blockedMs: 0 };
  const blockedMs = Math.min(THROTTLE.maxDelayMs, THROTTLE.firstDelayMs * 2 ** (failures - THROTTLE.pairFreeFailures));
  await block(db, codeKey(userId), now, blockedMs);
  return { failures, blockedMs };
}

export async function clearCodeFailures(db: Db, userId: string): Promise<void> {
  await store.deleteThrottles(db, [codeKey(userId)]);
}
