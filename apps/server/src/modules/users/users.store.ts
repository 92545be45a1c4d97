import type { Insertable, Kysely } from 'kysely';
import type { Database, UsersTable } from '../../db/schema';
import { newId } from '../../lib/ids';
import { searchKey } from '../../lib/search-key';

/** What a writer must say about a new user; every other column has the default below. */
export type NewUser = Pick<UsersTable, 'email' | 'first_name' | 'last_name' | 'password_hash'> &
  Partial<Omit<Insertable<UsersTable>, 'search_key'>>;

/**
 * One users row with the defaults every writer shares: a Regular, active, unverified account with no phone,
 * light theme, default permissions, online. The search key always follows the names and email, so no writer can
 * forget it.
 */
export function userRow(user: NewUser): Insertable<UsersTable> {
  const now = Date.now();
  return {
    id: newId(),
    unverified_email: null,
    phone: null,
    phone_country_code: null,
    phone_country_name: null,
    unverified_phone: null,
    unverified_phone_country_code: null,
    unverified_phone_country_name: null,
    role: 'Regular',
    active: 1,
    deleted: 0,
    email_verified: 0,
    phone_verified: 0,
    language: 'en',
    theme: 'light',
    play_notification_sound: 1,
    session_timeout: null,
    profession_id: null,
    suffix_id: null,
    avatar: null,
    permissions: '{}',
    chat_status: 1,
    chat_status_manual: 0,
    last_login_at: null,
    password_changed_at: now,
    created_at: now,
    updated_at: now,
    ...user,
    search_key: searchKey(user.first_name, user.last_name, user.email),
  };
}

/** Bound values per statement stay well under SQLite's 32,766 and PostgreSQL's 65,535 (about 35 a row). */
const ROWS_PER_STATEMENT = 500;

/** Inserts users (defaults filled by userRow), a few hundred per statement; returns their rows. */
export async function insertUsers(db: Kysely<Database>, users: NewUser[]): Promise<Insertable<UsersTable>[]> {
  const rows = users.map(userRow);
  for (let start = 0; start < rows.length; start += ROWS_PER_STATEMENT) {
    await db
      .insertInto('users')
      .values(rows.slice(start, start + ROWS_PER_STATEMENT))
      .execute();
  }
  return rows;
}

/**
 * The password of an account an administrator created: no argon2 hash, so no password signs in (verify fails
 * on it, and login spends its usual hash time on the dummy instead). The user chooses one through the
 * set-password link (modules/auth/set-password-invites.ts).
 */
export const NO_PASSWORD = '!';

/** A name or email change: the search key follows, as it does on insert. */
export async function updateIdentity(
  db: Kysely<Database>,
  userId: string,
  o: { first_name: string; last_name: string; email: string } & Partial<
    Pick<
      UsersTable,
      | 'phone'
      | 'phone_country_code'
      | 'phone_country_name'
      | 'profession_id'
      | 'suffix_id'
      | 'session_timeout'
      | 'email_verified'
      | 'phone_verified'
      | 'unverified_email'
      | 'unverified_phone'
      | 'unverified_phone_country_code'
      | 'unverified_phone_country_name'
    >
  >,
): Promise<void> {
  await db
    .updateTable('users')
    .set({ ...o, search_key: searchKey(o.first_name, o.last_name, o.email), updated_at: Date.now() })
    .where('id', '=', userId)
    .execute();
}

export type LinkTable = 'user_facilities' | 'user_departments' | 'user_specialties';
export type UserLinkIds = { facilityId: string[]; departmentId: string[]; specialtyId: string[] };
const LINKS = [
  ['user_facilities', 'facilityId'],
  ['user_departments', 'departmentId'],
  ['user_specialties', 'specialtyId'],
] as const;

/** Links users to their facilities, departments and specialties (several users, a few hundred rows a statement). */
export async function insertLinks(db: Kysely<Database>, users: ({ id: string } & UserLinkIds)[]): Promise<void> {
  for (const [table, key] of LINKS) {
    const rows = users.flatMap((u) => [...new Set(u[key])].map((item_id) => ({ user_id: u.id, item_id })));
    for (let start = 0; start < rows.length; start += ROWS_PER_STATEMENT * 10) {
      await db
        .insertInto(table)
        .values(rows.slice(start, start + ROWS_PER_STATEMENT * 10))
        .execute();
    }
  }
}

/** Replaces one user's facilities, departments and specialties. */
export async function replaceLinks(db: Kysely<Database>, userId: string, links: UserLinkIds): Promise<void> {
  for (const [table] of LINKS) await db.deleteFrom(table).where('user_id', '=', userId).execute();
  await insertLinks(db, [{ id: userId, ...links }]);
}
