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
