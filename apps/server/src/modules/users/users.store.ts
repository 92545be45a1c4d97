import type { Expression, ExpressionBuilder, Insertable, Kysely, Selectable, SqlBool, Updateable } from 'kysely';
import { sql } from 'kysely';
import type { Database, UsersTable } from '../../db/schema';
import { newId } from '../../lib/ids';
import { searchKey } from '../../lib/search-key';

// The only SQL on the users table (issue 23): services ask here, by name, for the rows and changes they need.

type Db = Kysely<Database>;
export type UserRow = Selectable<UsersTable>;
type UserColumn = keyof UsersTable & string;

/** The one "active and not deleted" rule: a user who may sign in, be reached, be picked and be told things. */
export function liveUser<TB extends keyof Database>(
  eb: ExpressionBuilder<Database, TB | 'users'>,
): Expression<SqlBool> {
  const users = eb as unknown as ExpressionBuilder<Database, 'users'>;
  return users.and([users('users.active', '=', 1), users('users.deleted', '=', 0)]);
}

/** The same rule on a row already read (a join that needs the user even when they no longer count). */
export const isLiveUser = (row: { active: number; deleted: number }): boolean => row.active === 1 && row.deleted !== 1;

/** Which users a read keeps: all rows, those not deleted, or the live ones (liveUser). */
export type UserScope = 'any' | 'notDeleted' | 'live';

function scoped(eb: ExpressionBuilder<Database, 'users'>, scope: UserScope): Expression<SqlBool> {
  if (scope === 'live') return liveUser(eb);
  if (scope === 'notDeleted') return eb('users.deleted', '=', 0);
  return eb.lit(true);
}

/** Some columns of the given users (those the scope keeps), in no particular order. */
export async function usersByIds<C extends UserColumn>(
  db: Db,
  ids: readonly string[],
  columns: readonly C[],
  scope: UserScope = 'any',
): Promise<Pick<UserRow, C | 'id'>[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .selectFrom('users')
    .select(['id', ...columns] as UserColumn[])
    .where('id', 'in', ids)
    .where((eb) => scoped(eb, scope))
    .execute();
  return rows as Pick<UserRow, C | 'id'>[];
}

/** Some columns of one user, deleted or not; undefined when there is none. */
export async function userColumns<C extends UserColumn>(
  db: Db,
  id: string,
  columns: readonly C[],
): Promise<Pick<UserRow, C | 'id'> | undefined> {
  return (await usersByIds(db, [id], columns))[0];
}

/** Full names by id (first and last name), deleted users included: authors and archivers keep their names. */
export async function namesByIds(
  db: Db,
  ids: readonly string[],
  scope: UserScope = 'any',
): Promise<Pick<UserRow, 'id' | 'first_name' | 'last_name'>[]> {
  return usersByIds(db, [...new Set(ids)], ['first_name', 'last_name'], scope);
}

/** One user's whole row, deleted or not. */
export async function readUser(db: Db, id: string): Promise<UserRow | undefined> {
  return db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
}

/** One user not deleted (active or not), by id or by sign-in email. */
export async function findUser(db: Db, by: { id: string } | { email: string }): Promise<UserRow | undefined> {
  return db
    .selectFrom('users')
    .selectAll()
    .where('deleted', '=', 0)
    .$if('id' in by, (q) => q.where('id', '=', (by as { id: string }).id))
    .$if('email' in by, (q) => q.where('email', '=', (by as { email: string }).email))
    .executeTakeFirst();
}

/** Users not deleted by sign-in email, case-insensitively (a schedule import names people by email). */
export async function userIdsByEmail(db: Db, emails: readonly string[]): Promise<Map<string, string>> {
  const map = new Map<string, string>();
  const unique = [...new Set(emails.map((e) => e.toLowerCase()))];
  for (let i = 0; i < unique.length; i += 500) {
    const rows = await db
      .selectFrom('users')
      .select(['id', 'email'])
      .where(sql<string>`lower(email)`, 'in', unique.slice(i, i + 500))
      .where('deleted', '=', 0)
      .execute();
    for (const r of rows) map.set(r.email.toLowerCase(), r.id);
  }
  return map;
}

/** Whether any user exists at all (the first Admin is created on an empty database only). */
export async function anyUser(db: Db): Promise<boolean> {
  return (await db.selectFrom('users').select('id').limit(1).executeTakeFirst()) !== undefined;
}

/** The live users holding one of these roles. */
export async function liveUserIdsWithRole(db: Db, roles: readonly UsersTable['role'][]): Promise<string[]> {
  const rows = await db.selectFrom('users').select('id').where('role', 'in', roles).where(liveUser).execute();
  return rows.map((r) => r.id);
}

/** The users (among `among` when given) whose password was last changed before `before` (the password policy). */
export async function userIdsWithPasswordBefore(
  db: Db,
  before: number,
  scope: UserScope,
  among?: readonly string[],
): Promise<string[]> {
  if (among?.length === 0) return [];
  const rows = await db
    .selectFrom('users')
    .select('id')
    .where('password_changed_at', '<', before)
    .$if(among !== undefined, (q) => q.where('id', 'in', among!))
    .where((eb) => scoped(eb, scope))
    .execute();
  return rows.map((r) => r.id);
}

// ---- Writes of one user, each a named change.

type Settable = Omit<Updateable<UsersTable>, 'id' | 'search_key' | 'first_name' | 'last_name' | 'email'>;

/** Sets some columns of one user and stamps updated_at. Names and email go through updateIdentity (the search key). */
export async function setUser(db: Db, id: string, values: Settable): Promise<void> {
  await db
    .updateTable('users')
    .set({ ...values, updated_at: Date.now() })
    .where('id', '=', id)
    .execute();
}

/** A new password: the change time starts the password policy's clock again. */
export async function setPassword(db: Db, id: string, passwordHash: string): Promise<void> {
  const now = Date.now();
  await setUser(db, id, { password_hash: passwordHash, password_changed_at: now });
}

/** A sign-in (not a profile change, so updated_at stays). */
export async function markLogin(db: Db, id: string, at: number): Promise<void> {
  await db.updateTable('users').set({ last_login_at: at }).where('id', '=', id).execute();
}

/** Writes one stored permissions value on many users (a few hundred per statement). */
export async function setPermissionsOf(db: Db, ids: readonly string[], permissions: string): Promise<void> {
  const now = Date.now();
  for (let i = 0; i < ids.length; i += 500) {
    await db
      .updateTable('users')
      .set({ permissions, updated_at: now })
      .where('id', 'in', ids.slice(i, i + 500))
      .execute();
  }
}

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

/** Replaces one user's links of one kind (single sign-on writes only the kinds the provider names). */
export async function replaceLinkKind(
  db: Kysely<Database>,
  userId: string,
  key: keyof UserLinkIds,
  ids: readonly string[],
): Promise<void> {
  const [table] = LINKS.find(([, k]) => k === key)!;
  await db.deleteFrom(table).where('user_id', '=', userId).execute();
  const rows = [...new Set(ids)].map((item_id) => ({ user_id: userId, item_id }));
  if (rows.length > 0) await db.insertInto(table).values(rows).execute();
}

/** The first Admin: on an empty database only, and a second process starting at once adds nothing. */
export async function insertFirstUser(db: Db, row: Insertable<UsersTable>): Promise<void> {
  await db
    .insertInto('users')
    .values(row)
    .onConflict((oc) => oc.column('email').doNothing())
    .execute();
}

// ---- Chat status (presence): what a user chose, shown while they are connected.

/** A status the user set (manual) or one set for them (inactivity), which a later automatic one respects. */
export async function setChatStatus(db: Db, id: string, chatStatus: number, manual: boolean): Promise<void> {
  await db
    .updateTable('users')
    .set({ chat_status: chatStatus, chat_status_manual: manual ? 1 : 0 })
    .where('id', '=', id)
    .execute();
}

/** The last window closed: an automatic status (Away by inactivity) goes back to `status`; a chosen one stays. */
export async function resetAutomaticStatus(db: Db, ids: readonly string[], status: number): Promise<void> {
  if (ids.length === 0) return;
  await db
    .updateTable('users')
    .set({ chat_status: status })
    .where('id', 'in', ids)
    .where('chat_status_manual', '=', 0)
    .execute();
}

/** The chat status of every connected user (one row in presence or more). */
export async function connectedStatuses(db: Db): Promise<Pick<UserRow, 'id' | 'chat_status'>[]> {
  // Written as IN (subquery) so the planner starts from the few live sockets, not from every user.
  return db
    .selectFrom('users')
    .select(['id', 'chat_status'])
    .where('id', 'in', (eb) => eb.selectFrom('presence').select('user_id'))
    .execute();
}

/**
 * The people of the staff directory: live, with email and phone verified (a registration still waiting for its
 * codes is in nobody's contacts); only those of `ids` when given.
 */
export async function directoryUsers(db: Db, ids?: readonly string[]) {
  return db
    .selectFrom('users')
    .select([
      'id',
      'first_name',
      'last_name',
      'email',
      'phone',
      'phone_country_code',
      'avatar',
      'role',
      'profession_id',
      'suffix_id',
      'last_login_at',
      'permissions',
      'search_key',
    ])
    .where(liveUser)
    .where('email_verified', '=', 1)
    .where('phone_verified', '=', 1)
    .$if(ids !== undefined, (q) => q.where('id', 'in', ids!))
    .execute();
}

// ---- Classifications held in a column (clinical role, suffix: one value each) and counted by item.

export type ClassificationColumn = 'profession_id' | 'suffix_id';
export type ClassificationLink = 'user_facilities' | 'user_departments' | 'user_specialties';
/** The reference lists the link tables point into. */
export type LinkedTable = 'facilities' | 'departments' | 'specialties';

/** The items of `table` the users of `ids` carry through `link`, with their names. */
export async function linkedItems(
  db: Db,
  link: ClassificationLink,
  table: LinkedTable,
  ids: readonly string[],
): Promise<{ userId: string; id: string; name: string }[]> {
  // Three tables of one shape; Kysely cannot type a union of table names, so the row type is stated instead.
  const from: string = link;
  const to: string = table;
  // biome-ignore lint/suspicious/noExplicitAny: see above
  return (db as Kysely<any>)
    .selectFrom(from)
    .innerJoin(to, `${to}.id`, `${from}.item_id`)
    .select([`${from}.user_id as userId`, `${to}.id as id`, `${to}.name as name`])
    .where(`${from}.user_id`, 'in', ids)
    .execute();
}

/** The named items of a one-value classification's list, by id. */
export function itemsByIds(db: Db, table: 'professions' | 'suffixes', ids: string[]) {
  return db.selectFrom(table).select(['id', 'name']).where('id', 'in', ids).execute();
}

/**
 * Adds (replacing whatever was there) or removes (this item only) a one-value classification of one user.
 * Returns whether the user changed.
 */
export async function setClassification(
  db: Db,
  userId: string,
  column: ClassificationColumn,
  itemId: string,
  add: boolean,
): Promise<number> {
  const res = await db
    .updateTable('users')
    .set({ [column]: add ? itemId : null, updated_at: Date.now() })
    .where('id', '=', userId)
    .$if(!add, (q) => q.where(column, '=', itemId))
    .$if(add, (q) => q.where((eb) => eb.or([eb(column, 'is', null), eb(column, '!=', itemId)])))
    .executeTakeFirst();
  return Number(res.numUpdatedRows);
}

/** An item deleted: every user who carried it in `column` no longer does. */
export async function clearClassification(db: Db, column: ClassificationColumn, itemId: string): Promise<void> {
  await db
    .updateTable('users')
    .set({ [column]: null })
    .where(column, '=', itemId)
    .execute();
}

/** How many users not deleted carry each item in `column` (one grouped query). */
export async function countUsersWith(
  db: Db,
  column: ClassificationColumn,
  itemIds: readonly string[],
): Promise<Map<string, number>> {
  const rows = await db
    .selectFrom('users')
    .select([`${column} as id`, (eb) => eb.fn.countAll<number>().as('n')])
    .where(column, 'in', itemIds)
    .where('deleted', '=', 0)
    .groupBy(column)
    .execute();
  return new Map(rows.map((r) => [String(r.id), Number(r.n)]));
}

/** How many users not deleted are linked to each item through `link` (one grouped query). */
export async function countUsersLinked(
  db: Db,
  link: ClassificationLink,
  itemIds: readonly string[],
): Promise<Map<string, number>> {
  const rows = await db
    .selectFrom(link)
    .innerJoin('users', 'users.id', `${link}.user_id`)
    .select([`${link}.item_id as id`, (eb) => eb.fn.countAll<number>().as('n')])
    .where(`${link}.item_id`, 'in', itemIds)
    .where('users.deleted', '=', 0)
    .groupBy(`${link}.item_id`)
    .execute();
  return new Map(rows.map((r) => [String(r.id), Number(r.n)]));
}

/** Whether any account signs in with an email of this domain (the demo hospital is seeded once). */
export async function anyEmailInDomain(db: Db, domain: string): Promise<boolean> {
  const row = await db
    .selectFrom('users')
    .select('id')
    .where('email', 'like', `%@${domain}`)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}
