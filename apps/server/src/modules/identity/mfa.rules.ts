import { randomInt } from 'node:crypto';
import type { TRole } from '@rounds/contracts/common';
import type { TMfaPolicy } from '@rounds/contracts/mfa';

/** Whether the policy obliges this role to sign in with a second factor. */
export function mfaRequiredFor(policy: TMfaPolicy, role: TRole): boolean {
  if (policy === 'everyone') return true;
  if (policy === 'admins') return role === 'Admin' || role === 'FacilityAdmin';
  return false;
}

/** What a right password leads to: a session, a code to type, or an enrolment first. */
export function signInStep(o: { hasFactor: boolean; required: boolean }): 'session' | 'code' | 'enrol' {
  if (o.hasFactor) return 'code';
  return o.required ? 'enrol' : 'session';
}

// No 0/O, 1/I/L: a code read from paper in a hurry must not be mistyped.
const ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
export const RECOVERY_CODE_COUNT = 10;

/** One recovery code: ten characters (about 49 bits), shown as two groups of five. */
export function newRecoveryCode(): string {
  const chars = Array.from({ length: 10 }, () => ALPHABET[randomInt(ALPHABET.length)]).join('');
  return `${chars.slice(0, 5)}-${chars.slice(5)}`;
}

/** The form a recovery code is hashed in: case, spaces and dashes do not matter. */
export const normalizeRecoveryCode = (code: string): string => code.toUpperCase().replace(/[\s-]/g, '');

/** Six digits are an authenticator's code; anything else may be a recovery code. */
export const isTotpCode = (code: string): boolean => /^\d{6}$/.test(code.replace(/\s/g, ''));

/**
 * A passkey's relying party: the host of the server's public address (`localhost` on a workstation) and its
 * origin. Browsers bind each passkey to that host, so a passkey works only where PUBLIC_URL says Rounds lives.
 */
export function passkeyRelyingParty(publicUrl: string): { rpID: string; origin: string } {
  const url = new URL(publicUrl);
  return { rpID: url.hostname, origin: url.origin };
}
