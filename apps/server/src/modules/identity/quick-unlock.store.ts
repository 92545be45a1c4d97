import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';

export async function unlockPinHash(db: Kysely<Database>, userId: string): Promise<string | undefined> {
  const row = await db.selectFrom('unlock_pins').select('pin_hash').where('user_id', '=', userId).executeTakeFirst();
  return row?.pin_hash;
}

export async function saveUnlockPin(db: Kysely<Database>, userId: string, pinHash: string, at: number) {
  await db
    .insertInto('unlock_pins')
    .values({ user_id: userId, pin_hash: pinHash, updated_at: at })
    .onConflict((oc) => oc.column('user_id').doUpdateSet({ pin_hash: pinHash, updated_at: at }))
    .execute();
}

/** Whether a PIN was there to remove. */
export async function deleteUnlockPin(db: Kysely<Database>, userId: string): Promise<boolean> {
  const result = await db.deleteFrom('unlock_pins').where('user_id', '=', userId).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/** One more wrong try on the session; the count after it. */
export async function countFailedUnlock(db: Kysely<Database>, sessionId: string): Promise<number> {
  await db
    .updateTable('sessions')
    .set((eb) => ({ failed_unlocks: eb('failed_unlocks', '+', 1) }))
    .where('id', '=', sessionId)
    .execute();
  const row = await db.selectFrom('sessions').select('failed_unlocks').where('id', '=', sessionId).executeTakeFirst();
  return row?.failed_unlocks ?? 0;
}

export async function clearFailedUnlocks(db: Kysely<Database>, sessionId: string): Promise<void> {
  await db.updateTable('sessions').set({ failed_unlocks: 0 }).where('id', '=', sessionId).execute();
}

/** When the session signed in (its first token), if it is one. */
export async function sessionStartedAt(db: Kysely<Database>, sessionId: string): Promise<number | undefined> {
  const row = await db.selectFrom('sessions').select('created_at').where('id', '=', sessionId).executeTakeFirst();
  return row === undefined ? undefined : Number(row.created_at);
}
