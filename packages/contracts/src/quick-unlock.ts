import { z } from 'zod';
import { apiRoute } from './api-route';
import { ZPasswordInput } from './validation';

/**
 * Quick unlock on shared workstations (issue 26): a 4 to 6 digit PIN of the user's own, which unlocks the screen
 * the app locks over whatever was open after a short idle time. The lock is this device's; the PIN is checked by
 * the server, which ends the session at the fifth wrong one.
 */
export const UNLOCK_PIN_PATTERN = /^\d{4,6}$/;
export const UNLOCK_PIN_ISSUE = 'pinFormat';
export const ZUnlockPin = z.string().regex(UNLOCK_PIN_PATTERN, UNLOCK_PIN_ISSUE);

/** Wrong PINs (or passwords) in a row, on one session, that end it. */
export const UNLOCK_MAX_ATTEMPTS = 5;

/** Minutes of idleness before the screen locks: 0 turns the lock off; the hospital's default is 2. */
export const QUICK_LOCK_MAX_MINUTES = 60;
export const QUICK_LOCK_DEFAULT_MINUTES = 2;

/** How recent a sign-in proves an account without a password (the hospital's sign-in made it) may set a PIN. */
export const RECENT_SIGN_IN_MINUTES = 10;

/**
 * What setting a PIN asks of this session: the account's password; or, for an account without one (made by the
 * hospital's sign-in or the directory), a sign-in in the last RECENT_SIGN_IN_MINUTES minutes ('recentSignIn'),
 * else signing in again first ('signInAgain').
 */
export const ZPinProof = z.enum(['password', 'recentSignIn', 'signInAgain']);
export type TPinProof = z.infer<typeof ZPinProof>;

export const ZQuickUnlockStatus = z.object({
  /** The user has set a PIN: the screen locks after `lockAfterMinutes` idle (when above 0). */
  hasPin: z.boolean(),
  lockAfterMinutes: z.number().int().min(0).max(QUICK_LOCK_MAX_MINUTES),
  proof: ZPinProof,
});
export type TQuickUnlockStatus = z.infer<typeof ZQuickUnlockStatus>;
export const ZQuickUnlockStatusReply = z.object({ data: ZQuickUnlockStatus });

/**
 * Setting or changing the PIN asks for the account's password, so whoever finds the screen open cannot set one;
 * an account without a password sends none and is judged by how recent its sign-in is (ZPinProof).
 */
export const ZSetUnlockPinRequest = z.object({ pin: ZUnlockPin, password: ZPasswordInput.optional() });

/** Unlocking: the PIN, or the password (a forgotten PIN, or none set on this account). */
export const ZUnlockRequest = z.union([
  z.object({ pin: z.string().max(6) }).strict(),
  z.object({ password: ZPasswordInput }).strict(),
]);
export type TUnlockRequest = z.infer<typeof ZUnlockRequest>;

/** Codes of the refusals a locked screen reads. */
export const UNLOCK_REFUSALS = {
  wrong: 'WRONG_UNLOCK',
  /** The fifth wrong try: the session has been ended. */
  ended: 'UNLOCK_SESSION_ENDED',
  noPin: 'NO_UNLOCK_PIN',
  wrongPassword: 'WRONG_PASSWORD',
  /** An account without a password whose sign-in is older than RECENT_SIGN_IN_MINUTES. */
  signInAgain: 'SIGN_IN_AGAIN',
} as const;

export const ZMessageOnlyReply = z.object({ message: z.string() });

export const quickUnlockRoutes = {
  status: apiRoute({ method: 'GET', path: '/account/quick-unlock', reply: ZQuickUnlockStatusReply }),
  setPin: apiRoute({
    method: 'PUT',
    path: '/account/quick-unlock',
    body: ZSetUnlockPinRequest,
    reply: ZQuickUnlockStatusReply.extend({ message: z.string() }),
    errors: { 400: UNLOCK_REFUSALS.wrongPassword, 403: UNLOCK_REFUSALS.signInAgain },
  }),
  removePin: apiRoute({
    method: 'DELETE',
    path: '/account/quick-unlock',
    reply: ZQuickUnlockStatusReply.extend({ message: z.string() }),
  }),
  /**
   * 400 WRONG_UNLOCK with the tries left; 401 UNLOCK_SESSION_ENDED at the fifth; 409 NO_UNLOCK_PIN for a PIN
   * when none is set (not counted: a PIN was never possible).
   */
  unlock: apiRoute({
    method: 'POST',
    path: '/auth/unlock',
    body: ZUnlockRequest,
    reply: ZMessageOnlyReply,
    errors: { 400: UNLOCK_REFUSALS.wrong, 401: UNLOCK_REFUSALS.ended, 409: UNLOCK_REFUSALS.noPin },
  }),
} as const;
