import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Db } from '../../db/database';
import type { CodePurpose, Database } from '../../db/schema';
import { newId } from '../../lib/ids';

export const CODE_TTL_MS = 10 * 60_000;
export const RESET_TTL_MS = 30 * 60_000;
export const MAX_WRONG_TRIES = 5;
export const RESEND_WINDOW_MS = 10 * 60_000;
export const MAX_SENDS_PER_TARGET = 3;
export const MAX_SENDS_PER_IP = 10;

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

/** At most 3 sends per 10 minutes per address or phone, and 10 per IP. */
export async function sendAllowance(db: Kysely<Database>, target: string, ip: string | null): Promise<SendAllowance> {
  const since = Date.now() - RESEND_WINDOW_MS;
  const byTarget = await db
    .selectFrom('code_sends')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('target', '=', target)
    .where('created_at', '>', since)
    .executeTakeFirstOrThrow();
  const byIp = ip
    ? await db
        .selectFrom('code_sends')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('ip', '=', ip)
        .where('created_at', '>', since)
        .executeTakeFirstOrThrow()
    : { n: 0 };
  const sent = Number(byTarget.n);
  const allowed = sent < MAX_SENDS_PER_TARGET && Number(byIp.n) < MAX_SENDS_PER_IP;
  return { allowed, attemptLeft: Math.max(0, MAX_SENDS_PER_TARGET - sent - (allowed ? 1 : 0)) };
}

/**
 * Stores a new code for (user, purpose), replacing any earlier unused one, and records the send.
 * Returns the plain code for the caller to deliver after commit.
 */
export async function issueCode(
  trx: Kysely<Database>,
  secret: string,
  o: { userId: string; purpose: CodePurpose; target: string; ip: string | null; code?: string; ttlMs?: number },
): Promise<string> {
  const now = Date.now();
  const code = o.code ?? sixDigitCode();
  await trx
    .updateTable('verification_codes')
    .set({ used_at: now })
    .where('user_id', '=', o.userId)
    .where('purpose', '=', o.purpose)
    .where('used_at', 'is', null)
    .execute();
  await trx
    .insertInto('verification_codes')
    .values({
      id: newId(),
      user_id: o.userId,
      purpose: o.purpose,
      target: o.target,
      code_hash: hashCode(secret, code),
      attempts: 0,
      expires_at: now + (o.ttlMs ?? CODE_TTL_MS),
      used_at: null,
      created_at: now,
    })
    .execute();
  await trx.insertInto('code_sends').values({ id: newId(), target: o.target, ip: o.ip, created_at: now }).execute();
  return code;
}

export type CodeCheck =
  | { ok: true; target: string }
  | { ok: false; reason: 'invalid' | 'expired' | 'tooManyTries'; attemptLeft: number };

/**
 * Checks the live code of (user, purpose). A wrong try is counted in its own write, so it sticks even though
 * the caller's work is not done; the fifth wrong try burns the code. A right code is used up.
 */
export async function checkCode(
  db: Db,
  secret: string,
  o: { userId: string; purpose: CodePurpose; code: string },
): Promise<CodeCheck> {
  const now = Date.now();
  const row = await db
    .selectFrom('verification_codes')
    .selectAll()
    .where('user_id', '=', o.userId)
    .where('purpose', '=', o.purpose)
    .where('used_at', 'is', null)
    .orderBy('created_at', 'desc')
    .limit(1)
    .executeTakeFirst();
  if (!row) return { ok: false, reason: 'invalid', attemptLeft: 0 };
  if (row.attempts >= MAX_WRONG_TRIES) return { ok: false, reason: 'tooManyTries', attemptLeft: 0 };
  if (row.expires_at < now) return { ok: false, reason: 'expired', attemptLeft: 0 };
  const expected = Buffer.from(row.code_hash, 'hex');
  const given = Buffer.from(hashCode(secret, o.code), 'hex');
  if (!timingSafeEqual(expected, given)) {
    const attempts = row.attempts + 1;
    await db
      .updateTable('verification_codes')
      .set({ attempts, ...(attempts >= MAX_WRONG_TRIES ? { used_at: now } : {}) })
      .where('id', '=', row.id)
      .execute();
    const attemptLeft = MAX_WRONG_TRIES - attempts;
    return attemptLeft > 0
      ? { ok: false, reason: 'invalid', attemptLeft }
      : { ok: false, reason: 'tooManyTries', attemptLeft: 0 };
  }
  // Used exactly once, even if two requests race with the same code.
  const used = await db
    .updateTable('verification_codes')
    .set({ used_at: now })
    .where('id', '=', row.id)
    .where('used_at', 'is', null)
    .executeTakeFirst();
  if (Number(used.numUpdatedRows) !== 1) return { ok: false, reason: 'invalid', attemptLeft: 0 };
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
  const row = await db
    .selectFrom('verification_codes')
    .select(['id', 'user_id'])
    .where('code_hash', '=', hashCode(secret, code))
    .where('purpose', '=', purpose)
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .executeTakeFirst();
  if (!row) return null;
  const used = await db
    .updateTable('verification_codes')
    .set({ used_at: now })
    .where('id', '=', row.id)
    .where('used_at', 'is', null)
    .executeTakeFirst();
  return Number(used.numUpdatedRows) === 1 ? { userId: row.user_id } : null;
}
