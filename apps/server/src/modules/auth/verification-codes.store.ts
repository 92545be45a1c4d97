import type { Db } from '../../db/database';
import type { CodePurpose, CodeSendsTable, VerificationCodesTable } from '../../db/schema';
import { updatedOne } from '../../db/updated-one';

// Codes as stored (kept only as their HMAC) and the sends counted against each target and address.

/** Codes in one statement, in the caller's transaction. */
export async function insertVerificationCodes(db: Db, rows: VerificationCodesTable[]): Promise<void> {
  await db.insertInto('verification_codes').values(rows).execute();
}

/** Sends in one statement, in the caller's transaction. */
export async function insertCodeSends(db: Db, rows: CodeSendsTable[]): Promise<void> {
  await db.insertInto('code_sends').values(rows).execute();
}

/** Sends recorded since `since` to this target, or from this address. */
export async function countSends(db: Db, since: number, by: { target: string } | { ip: string }): Promise<number> {
  const q = db
    .selectFrom('code_sends')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('created_at', '>', since);
  const row = await ('target' in by
    ? q.where('target', '=', by.target)
    : q.where('ip', '=', by.ip)
  ).executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Codes issued to this account since `since` (one row per send, both channels, every purpose). */
export async function countAccountCodes(db: Db, userId: string, since: number): Promise<number> {
  const row = await db
    .selectFrom('verification_codes')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('user_id', '=', userId)
    .where('created_at', '>', since)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Uses up the user's live codes of these purposes at `now`. */
export async function voidLiveCodes(db: Db, userId: string, purposes: readonly CodePurpose[], now: number) {
  await db
    .updateTable('verification_codes')
    .set({ used_at: now })
    .where('user_id', '=', userId)
    .where('purpose', 'in', purposes)
    .where('used_at', 'is', null)
    .execute();
}

/** The newest live code of (user, purpose) that was sent to `target`. */
export function liveCodeSentTo(db: Db, o: { userId: string; purpose: CodePurpose; target: string }) {
  return db
    .selectFrom('verification_codes')
    .selectAll()
    .where('user_id', '=', o.userId)
    .where('purpose', '=', o.purpose)
    .where('target', '=', o.target)
    .where('used_at', 'is', null)
    .orderBy('created_at', 'desc')
    .limit(1)
    .executeTakeFirst();
}

/** A wrong try counted in its own write; the last allowed one burns the code. */
export async function countWrongTry(db: Db, id: string, attempts: number, burnAt: number | null): Promise<void> {
  await db
    .updateTable('verification_codes')
    .set({ attempts, ...(burnAt === null ? {} : { used_at: burnAt }) })
    .where('id', '=', id)
    .execute();
}

/** Uses a code up exactly once, even if two requests race with it: false for the one that comes second. */
export function useUpCode(db: Db, id: string, now: number): Promise<boolean> {
  return updatedOne(
    db.updateTable('verification_codes').set({ used_at: now }).where('id', '=', id).where('used_at', 'is', null),
  );
}

/** The live, unexpired code of this purpose whose HMAC is `codeHash`. */
export function liveCodeByHash(db: Db, codeHash: string, purpose: CodePurpose, now: number) {
  return db
    .selectFrom('verification_codes')
    .select(['id', 'user_id'])
    .where('code_hash', '=', codeHash)
    .where('purpose', '=', purpose)
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .executeTakeFirst();
}
