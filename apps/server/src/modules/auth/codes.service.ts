import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';
import type { Db } from '../../db/database';
import type { CodePurpose } from '../../db/schema';
import { AppError } from '../../lib/errors';
import { newId } from '../../lib/ids';
import {
  countAccountCodes,
  countSends,
  countWrongTry,
  insertCodeSends,
  insertVerificationCodes,
  liveCodeByHash,
  liveCodeSentTo,
  useUpCode,
  voidLiveCodes,
} from './verification-codes.store';

export const CODE_TTL_MS = 10 * 60_000;
export const RESET_TTL_MS = 30 * 60_000;
export const MAX_WRONG_TRIES = 5;
export const RESEND_WINDOW_MS = 10 * 60_000;
export const MAX_SENDS_PER_TARGET = 3;
/**
 * Sends per account (both channels, every purpose). A temporary token belongs to one account, so this also
 * caps what one token can send.
 */
export const MAX_SENDS_PER_ACCOUNT = 6;

const RESET_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

/** Codes are kept only as an HMAC under the server secret: a database leak does not reveal live codes. */
export function hashCode(secret: string, code: string): string {
  return createHmac('sha256', secret).update(code.trim().toUpperCase()).digest('hex');
}

export function sixDigitCode(): string {
  return String(randomInt(0, 1_000_000)).padStart(6, '0');
}

/** Reset codes identify the account on their own (the reset call carries only the code), so they are longer. */
export function resetCode(): string {
  return Array.from({ length: 10 }, () => RESET_ALPHABET[randomInt(RESET_ALPHABET.length)]).join('');
}

export type SendAllowance = { allowed: boolean; attemptLeft: number };

export type SendScope = {
  /** The address or phone the code goes to. */
  target: string;
  ip: string | null;
  /** The account the code is for; null when it is not known (an unknown email asking for a reset). */
  userId: string | null;
  /** The per-IP cap (CODE_SENDS_PER_IP): a whole hospital may sit behind one address. */
  perIp: number;
};

/**
 * At most 3 sends per 10 minutes per address or phone, 6 per account (verification_codes holds one row per
 * send, with its account), and CODE_SENDS_PER_IP per IP. `attemptLeft` is what remains of the 3.
 */
export async function sendAllowance(db: Db, scope: SendScope): Promise<SendAllowance> {
  const since = Date.now() - RESEND_WINDOW_MS;
  const sent = await countSends(db, since, { target: scope.target });
  const byIp = scope.ip ? await countSends(db, since, { ip: scope.ip }) : 0;
  const byAccount = scope.userId ? await countAccountCodes(db, scope.userId, since) : 0;
  const allowed = sent < MAX_SENDS_PER_TARGET && byIp < scope.perIp && byAccount < MAX_SENDS_PER_ACCOUNT;
  return { allowed, attemptLeft: Math.max(0, MAX_SENDS_PER_TARGET - sent - (allowed ? 1 : 0)) };
}

/**
 * Stores a new code for (user, purpose), replacing any earlier unused one, and records the send.
 * Returns the plain code for the caller to deliver after commit.
 */
export async function issueCode(
  trx: Db,
  secret: string,
  o: { userId: string; purpose: CodePurpose; target: string; ip: string | null; code?: string; ttlMs?: number },
): Promise<string> {
  const now = Date.now();
  const code = o.code ?? sixDigitCode();
  await voidLiveCodes(trx, o.userId, [o.purpose], now);
  await insertVerificationCodes(trx, [
    {
      id: newId(),
      user_id: o.userId,
      purpose: o.purpose,
      target: o.target,
      code_hash: hashCode(secret, code),
      attempts: 0,
      expires_at: now + (o.ttlMs ?? CODE_TTL_MS),
      used_at: null,
      created_at: now,
    },
  ]);
  await insertCodeSends(trx, [{ id: newId(), target: o.target, ip: o.ip, created_at: now }]);
  return code;
}

export type CodeCheck =
  | { ok: true; target: string }
  | { ok: false; reason: 'invalid' | 'expired' | 'tooManyTries'; attemptLeft: number };

/** The answer to a code that did not check out: the same for sign-up's confirm screens and Settings' changes. */
export function codeError(check: Exclude<CodeCheck, { ok: true }>): AppError {
  if (check.reason === 'expired') return new AppError(400, 'EXPIRED_CODE', 'expiredCode', { attemptLeft: 0 });
  if (check.reason === 'tooManyTries') return new AppError(429, 'TOO_MANY_TRIES', 'tooManyTries', { attemptLeft: 0 });
  return new AppError(400, 'INVALID_CODE', 'invalidCode', { attemptLeft: check.attemptLeft });
}

/**
 * Checks the live code of (user, purpose) that was sent to `target`: a code proves only the address or phone
 * it went to, so a code sent to one number never verifies another. A wrong try is counted in its own write, so it sticks even though
 * the caller's work is not done; the fifth wrong try burns the code. A right code is used up.
 */
export async function checkCode(
  db: Db,
  secret: string,
  o: { userId: string; purpose: CodePurpose; target: string; code: string },
): Promise<CodeCheck> {
  const now = Date.now();
  const row = await liveCodeSentTo(db, o);
  if (!row) return { ok: false, reason: 'invalid', attemptLeft: 0 };
  if (row.attempts >= MAX_WRONG_TRIES) return { ok: false, reason: 'tooManyTries', attemptLeft: 0 };
  if (row.expires_at < now) return { ok: false, reason: 'expired', attemptLeft: 0 };
  const expected = Buffer.from(row.code_hash, 'hex');
  const given = Buffer.from(hashCode(secret, o.code), 'hex');
  if (!timingSafeEqual(expected, given)) {
    const attempts = row.attempts + 1;
    await countWrongTry(db, row.id, attempts, attempts >= MAX_WRONG_TRIES ? now : null);
    const attemptLeft = MAX_WRONG_TRIES - attempts;
    return attemptLeft > 0
      ? { ok: false, reason: 'invalid', attemptLeft }
      : { ok: false, reason: 'tooManyTries', attemptLeft: 0 };
  }
  if (!(await useUpCode(db, row.id, now))) return { ok: false, reason: 'invalid', attemptLeft: 0 };
  return { ok: true, target: row.target };
}

/** Finds the live reset or set-password code by its value alone, and uses it up. */
export async function consumeTokenCode(
  db: Db,
  secret: string,
  purpose: CodePurpose,
  code: string,
): Promise<{ userId: string } | null> {
  const now = Date.now();
  const row = await liveCodeByHash(db, hashCode(secret, code), purpose, now);
  if (!row) return null;
  return (await useUpCode(db, row.id, now)) ? { userId: row.user_id } : null;
}
