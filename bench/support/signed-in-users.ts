import type { Db } from '../../apps/server/src/db/database';
import { newId } from '../../apps/server/src/lib/ids';
import { insertUsers } from '../../apps/server/src/modules/users/users.store';

export type BenchUser = { id: string; sid: string; i: number };

/**
 * `count` verified Regular users, each with a live session, written straight into the database (500 a statement,
 * under both engines' parameter limits): a benchmark's crowd, signed in without paying argon2 for each.
 * `label` names them (`Bench <Label><i>`, `<label><i>@bench.rounds`); `phonePrefix` keeps numbers apart per bench.
 */
export async function seedSignedInUsers(
  db: Db,
  count: number,
  label: string,
  phonePrefix: string,
): Promise<BenchUser[]> {
  const now = Date.now();
  const lower = label.toLowerCase();
  const users = Array.from({ length: count }, (_, i) => ({ id: newId(), sid: newId(), i }));
  for (let start = 0; start < count; start += 500) {
    const batch = users.slice(start, start + 500);
    await insertUsers(
      db,
      batch.map(({ id, i }) => ({
        id,
        email: `${lower}${i}@bench.rounds`,
        phone: `${phonePrefix}${String(i).padStart(7, '0')}`,
        phone_country_code: '+1',
        phone_country_name: 'United States',
        first_name: 'Bench',
        last_name: `${label}${i}`,
        password_hash: 'not-used',
        email_verified: 1,
        phone_verified: 1,
        last_login_at: now,
      })),
    );
    await insertSessions(db, batch);
  }
  return users;
}

/** A live session for each user (at most 500 a call: one statement), as a sign-in would leave it. */
export async function insertSessions(db: Db, users: { id: string; sid: string }[]): Promise<void> {
  const now = Date.now();
  await db
    .insertInto('sessions')
    .values(
      users.map(({ id, sid }) => ({
        id: sid,
        user_id: id,
        remember: 0,
        ip: null,
        user_agent: 'bench',
        created_at: now,
        revoked_at: null,
        revoked_reason: null,
      })),
    )
    .execute();
}
