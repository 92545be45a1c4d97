import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { updatedOne } from '../../db/updated-one';
import { newId } from '../../lib/ids';

// The only SQL of single sign-on (issue 26): attempts under way, linked identities, sessions behind the provider.

type Db = Kysely<Database>;
type RefTable = 'facilities' | 'departments' | 'professions' | 'specialties';

/** Attempts older than this are refused and swept when the next one starts. */
export const ATTEMPT_TTL_MS = 10 * 60_000;

export async function insertAttempt(
  db: Db,
  row: { stateHash: string; browserHash: string; verifier: string; nonce: string; remember: boolean },
): Promise<void> {
  const now = Date.now();
  await db
    .deleteFrom('sso_attempts')
    .where('created_at', '<', now - ATTEMPT_TTL_MS)
    .execute();
  await db
    .insertInto('sso_attempts')
    .values({
      state_hash: row.stateHash,
      browser_hash: row.browserHash,
      verifier: row.verifier,
      nonce: row.nonce,
      remember: row.remember ? 1 : 0,
      created_at: now,
      used_at: null,
    })
    .execute();
}

export async function findAttempt(db: Db, stateHash: string) {
  return db.selectFrom('sso_attempts').selectAll().where('state_hash', '=', stateHash).executeTakeFirst();
}

/** Marks the attempt used; false when another request used it first (a replayed callback). */
export async function useAttempt(db: Db, stateHash: string): Promise<boolean> {
  return updatedOne(
    db
      .updateTable('sso_attempts')
      .set({ used_at: Date.now() })
      .where('state_hash', '=', stateHash)
      .where('used_at', 'is', null),
  );
}

export async function linkedUserId(db: Db, issuer: string, subject: string): Promise<string | undefined> {
  const row = await db
    .selectFrom('sso_identities')
    .select('user_id')
    .where('issuer', '=', issuer)
    .where('subject', '=', subject)
    .executeTakeFirst();
  return row?.user_id;
}

export async function userHasLink(db: Db, userId: string, issuer: string): Promise<boolean> {
  const row = await db
    .selectFrom('sso_identities')
    .select('user_id')
    .where('user_id', '=', userId)
    .where('issuer', '=', issuer)
    .executeTakeFirst();
  return row !== undefined;
}

export async function insertLink(db: Db, o: { issuer: string; subject: string; userId: string }): Promise<void> {
  await db
    .insertInto('sso_identities')
    .values({ issuer: o.issuer, subject: o.subject, user_id: o.userId, linked_at: Date.now() })
    .execute();
}

/** Reference items by name (case-insensitive, as names are unique): name key -> id. */
export async function referenceIdsByName(db: Db, table: RefTable, names: string[]): Promise<Map<string, string>> {
  if (names.length === 0) return new Map();
  const keys = names.map((n) => n.toLowerCase());
  const rows = await db.selectFrom(table).select(['id', 'name_key']).where('name_key', 'in', keys).execute();
  return new Map(rows.map((r) => [r.name_key, r.id]));
}

export async function insertReferenceItem(db: Db, table: RefTable, name: string): Promise<string> {
  const id = newId();
  await db.insertInto(table).values({ id, name, name_key: name.toLowerCase(), created_at: Date.now() }).execute();
  return id;
}

export async function insertSsoSession(
  db: Db,
  o: { sessionId: string; userId: string; issuer: string; subject: string; sid: string | null; idToken: string },
): Promise<void> {
  await db
    .insertInto('sso_sessions')
    .values({
      session_id: o.sessionId,
      user_id: o.userId,
      issuer: o.issuer,
      subject: o.subject,
      sid: o.sid,
      id_token: o.idToken,
      created_at: Date.now(),
    })
    .execute();
}

export async function ssoSessionOf(db: Db, sessionId: string) {
  return db.selectFrom('sso_sessions').selectAll().where('session_id', '=', sessionId).executeTakeFirst();
}

/** The Rounds sessions behind a provider session (sid) or behind every session of a subject. */
export async function ssoSessionsFor(db: Db, issuer: string, by: { sid?: string; sub?: string }) {
  let q = db.selectFrom('sso_sessions').select(['session_id', 'user_id']).where('issuer', '=', issuer);
  if (by.sid) q = q.where('sid', '=', by.sid);
  if (by.sub) q = q.where('subject', '=', by.sub);
  return q.execute();
}

/** One user's facility, department and specialty ids, to tell whether the provider changed them. */
export async function linkIdsOf(db: Db, userId: string) {
  const [facilityId, departmentId, specialtyId] = await Promise.all(
    (['user_facilities', 'user_departments', 'user_specialties'] as const).map(async (table) =>
      (await db.selectFrom(table).select('item_id').where('user_id', '=', userId).execute()).map((r) => r.item_id),
    ),
  );
  return { facilityId: facilityId!, departmentId: departmentId!, specialtyId: specialtyId! };
}
