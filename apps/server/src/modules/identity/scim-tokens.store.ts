import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { updatedOne } from '../../db/updated-one';

type Db = Kysely<Database>;

/** The tokens not revoked, with their creator's name, newest first. */
export async function liveTokens(db: Db) {
  return db
    .selectFrom('scim_tokens')
    .leftJoin('users', 'users.id', 'scim_tokens.created_by')
    .select([
      'scim_tokens.id',
      'scim_tokens.label',
      'scim_tokens.created_at',
      'scim_tokens.created_by',
      'scim_tokens.rotated_at',
      'scim_tokens.last_used_at',
      'users.first_name',
      'users.last_name',
    ])
    .where('scim_tokens.revoked_at', 'is', null)
    .orderBy('scim_tokens.created_at', 'desc')
    .orderBy('scim_tokens.id', 'desc')
    .execute();
}

export async function insertToken(
  db: Db,
  row: { id: string; label: string; token_hash: string; created_by: string; created_at: number },
): Promise<void> {
  await db.insertInto('scim_tokens').values(row).execute();
}

/** A new hash for a live token; false when there is none of that id. */
export async function setTokenHash(db: Db, id: string, tokenHash: string, now: number): Promise<boolean> {
  return updatedOne(
    db
      .updateTable('scim_tokens')
      .set({ token_hash: tokenHash, rotated_at: now })
      .where('id', '=', id)
      .where('revoked_at', 'is', null),
  );
}

export async function revokeToken(db: Db, id: string, now: number): Promise<boolean> {
  return updatedOne(
    db.updateTable('scim_tokens').set({ revoked_at: now }).where('id', '=', id).where('revoked_at', 'is', null),
  );
}

/**
 * The live token with this hash, if its creator is still a live Admin: a token acts with its creator's
 * authority, so it dies with it (an Admin who leaves takes their tokens along).
 */
export async function tokenByHash(db: Db, tokenHash: string) {
  return db
    .selectFrom('scim_tokens')
    .innerJoin('users', 'users.id', 'scim_tokens.created_by')
    .select(['scim_tokens.id', 'scim_tokens.created_by', 'scim_tokens.last_used_at'])
    .where('scim_tokens.token_hash', '=', tokenHash)
    .where('scim_tokens.revoked_at', 'is', null)
    .where('users.role', '=', 'Admin')
    .where('users.active', '=', 1)
    .where('users.deleted', '=', 0)
    .executeTakeFirst();
}

export async function touchToken(db: Db, id: string, now: number): Promise<void> {
  await db.updateTable('scim_tokens').set({ last_used_at: now }).where('id', '=', id).execute();
}
