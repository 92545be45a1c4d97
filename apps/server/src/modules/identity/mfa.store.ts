import type { Kysely } from 'kysely';
import type { Db } from '../../db/database';
import type { Database, MfaFactorsTable } from '../../db/schema';
import { updatedOne } from '../../db/updated-one';
import { newId } from '../../lib/ids';

/** The only SQL of multi-factor sign-in: factors (seeds sealed by the caller) and hashed recovery codes. */
type Q = Kysely<Database>;
export type FactorRow = MfaFactorsTable;

export async function confirmedFactors(db: Q, userId: string): Promise<FactorRow[]> {
  return db
    .selectFrom('mfa_factors')
    .selectAll()
    .where('user_id', '=', userId)
    .where('confirmed_at', 'is not', null)
    .orderBy('created_at')
    .execute();
}

export async function hasConfirmedFactor(db: Q, userId: string): Promise<boolean> {
  const row = await db
    .selectFrom('mfa_factors')
    .select('id')
    .where('user_id', '=', userId)
    .where('confirmed_at', 'is not', null)
    .executeTakeFirst();
  return row !== undefined;
}

export async function findFactor(db: Q, userId: string, id: string): Promise<FactorRow | undefined> {
  return db.selectFrom('mfa_factors').selectAll().where('id', '=', id).where('user_id', '=', userId).executeTakeFirst();
}

/** A new enrolment replaces any other this account left unconfirmed. */
export async function insertPendingFactor(
  db: Q,
  o: { userId: string; label: string; secretSealed: string; now: number },
): Promise<string> {
  const id = newId(o.now);
  await db.deleteFrom('mfa_factors').where('user_id', '=', o.userId).where('confirmed_at', 'is', null).execute();
  await db
    .insertInto('mfa_factors')
    .values({
      id,
      user_id: o.userId,
      kind: 'totp',
      label: o.label,
      secret_sealed: o.secretSealed,
      created_at: o.now,
      confirmed_at: null,
      last_used_at: null,
    })
    .execute();
  return id;
}

export async function confirmFactor(db: Q, id: string, label: string, now: number): Promise<void> {
  await db
    .updateTable('mfa_factors')
    .set({ confirmed_at: now, last_used_at: now, label })
    .where('id', '=', id)
    .execute();
}

export async function markFactorUsed(db: Q, id: string, now: number): Promise<void> {
  await db.updateTable('mfa_factors').set({ last_used_at: now }).where('id', '=', id).execute();
}

export async function renameFactor(db: Q, userId: string, id: string, label: string): Promise<boolean> {
  return updatedOne(
    db
      .updateTable('mfa_factors')
      .set({ label })
      .where('id', '=', id)
      .where('user_id', '=', userId)
      .where('confirmed_at', 'is not', null),
  );
}

export async function deleteFactor(db: Q, userId: string, id: string): Promise<void> {
  await db.deleteFrom('mfa_factors').where('id', '=', id).where('user_id', '=', userId).execute();
}

/** Every factor and recovery code of the account: the last factor's removal and an Admin's reset. */
export async function deleteAllFactors(db: Q, userId: string): Promise<number> {
  const r = await db.deleteFrom('mfa_factors').where('user_id', '=', userId).executeTakeFirst();
  await db.deleteFrom('mfa_recovery_codes').where('user_id', '=', userId).execute();
  return Number(r.numDeletedRows);
}

export async function replaceRecoveryCodes(db: Q, userId: string, hashes: string[], now: number): Promise<void> {
  await db.deleteFrom('mfa_recovery_codes').where('user_id', '=', userId).execute();
  await db
    .insertInto('mfa_recovery_codes')
    .values(hashes.map((code_hash) => ({ id: newId(now), user_id: userId, code_hash, created_at: now, used_at: null })))
    .execute();
}

/** Spends a recovery code once: of two racing requests with the same code, only one updates the row. */
export async function spendRecoveryCode(db: Db, userId: string, hash: string, now: number): Promise<boolean> {
  return updatedOne(
    db
      .updateTable('mfa_recovery_codes')
      .set({ used_at: now })
      .where('user_id', '=', userId)
      .where('code_hash', '=', hash)
      .where('used_at', 'is', null),
  );
}

export async function recoveryCodesLeft(db: Q, userId: string): Promise<number> {
  const row = await db
    .selectFrom('mfa_recovery_codes')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('user_id', '=', userId)
    .where('used_at', 'is', null)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Admins and FacilityAdmins with this email or in this email domain (the demo's enrolled staff). */
export async function adminsByEmail(db: Q, o: { email: string; domain: string }): Promise<{ id: string }[]> {
  return db
    .selectFrom('users')
    .select('id')
    .where('role', 'in', ['Admin', 'FacilityAdmin'])
    .where((eb) => eb.or([eb('email', '=', o.email), eb('email', 'like', `%@${o.domain}`)]))
    .execute();
}
