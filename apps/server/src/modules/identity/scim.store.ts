import type { Expression, ExpressionBuilder, Kysely, SqlBool } from 'kysely';
import type { Database } from '../../db/schema';

type Db = Kysely<Database>;

/** What Rounds holds of a user, as the directory sees it. */
export type RoundsUser = {
  id: string;
  email: string;
  firstName: string;
  lastName: string;
  phone: string | null;
  phoneCountryCode: string | null;
  active: boolean;
  createdAt: number;
  updatedAt: number;
  externalId: string | null;
  /** The attributes Rounds has no column for, kept as the directory sent them. */
  attributes: Record<string, unknown>;
};

/** The users filters we answer with an index: eq on userName, externalId, id or emails.value, with and/or. */
export type UserFilter =
  | { all: UserFilter[] }
  | { any: UserFilter[] }
  | { column: 'email' | 'externalId' | 'id'; value: string };

/** Users as the directory sees them: every account not deleted, with what the directory said of it. */
function usersQuery(db: Db) {
  return db.selectFrom('users').leftJoin('scim_users', 'scim_users.user_id', 'users.id').where('users.deleted', '=', 0);
}

function whereFilter(f: UserFilter) {
  return (eb: ExpressionBuilder<Database & { scim_users: Database['scim_users'] }, 'users' | 'scim_users'>) => {
    const build = (node: UserFilter): Expression<SqlBool> => {
      if ('all' in node) return eb.and(node.all.map(build));
      if ('any' in node) return eb.or(node.any.map(build));
      if (node.column === 'email') return eb('users.email', '=', node.value);
      if (node.column === 'id') return eb('users.id', '=', node.value);
      return eb('scim_users.external_id', '=', node.value);
    };
    return build(f);
  };
}

const COLUMNS = [
  'users.id',
  'users.email',
  'users.first_name',
  'users.last_name',
  'users.phone',
  'users.phone_country_code',
  'users.active',
  'users.created_at',
  'users.updated_at',
  'scim_users.external_id',
  'scim_users.attributes',
] as const;

type Row = {
  id: string;
  email: string;
  first_name: string;
  last_name: string;
  phone: string | null;
  phone_country_code: string | null;
  active: number;
  created_at: number;
  updated_at: number;
  external_id: string | null;
  attributes: string | null;
};

const toUser = (r: Row): RoundsUser => ({
  id: r.id,
  email: r.email,
  firstName: r.first_name,
  lastName: r.last_name,
  phone: r.phone,
  phoneCountryCode: r.phone_country_code,
  active: Number(r.active) === 1,
  createdAt: Number(r.created_at),
  updatedAt: Number(r.updated_at),
  externalId: r.external_id,
  attributes: r.attributes ? (JSON.parse(r.attributes) as Record<string, unknown>) : {},
});

export async function scimUserPage(
  db: Db,
  filter: UserFilter | null,
  page: { offset: number; limit: number },
): Promise<{ users: RoundsUser[]; total: number }> {
  const base = usersQuery(db).$if(filter !== null, (q) => q.where(whereFilter(filter!)));
  const [count, rows] = await Promise.all([
    base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
    page.limit === 0
      ? Promise.resolve([])
      : base.select(COLUMNS).orderBy('users.id').offset(page.offset).limit(page.limit).execute(),
  ]);
  return { users: (rows as Row[]).map(toUser), total: Number(count.n) };
}

export async function scimUser(db: Db, id: string): Promise<RoundsUser | undefined> {
  const row = await usersQuery(db).select(COLUMNS).where('users.id', '=', id).executeTakeFirst();
  return row ? toUser(row as Row) : undefined;
}

export async function externalIdOwner(db: Db, externalId: string): Promise<string | undefined> {
  const row = await db
    .selectFrom('scim_users')
    .innerJoin('users', 'users.id', 'scim_users.user_id')
    .select('scim_users.user_id')
    .where('scim_users.external_id', '=', externalId)
    .where('users.deleted', '=', 0)
    .executeTakeFirst();
  return row?.user_id;
}

export async function saveScimUser(
  db: Db,
  row: { userId: string; externalId: string | null; attributes: Record<string, unknown> },
): Promise<void> {
  const now = Date.now();
  const values = { external_id: row.externalId, attributes: JSON.stringify(row.attributes), updated_at: now };
  await db
    .insertInto('scim_users')
    .values({ user_id: row.userId, created_at: now, ...values })
    .onConflict((oc) => oc.column('user_id').doUpdateSet(values))
    .execute();
}

export async function forgetScimUser(db: Db, userId: string): Promise<void> {
  await db.deleteFrom('scim_users').where('user_id', '=', userId).execute();
}

export type GroupRow = Database['scim_groups'];

export async function scimGroups(db: Db): Promise<GroupRow[]> {
  return db.selectFrom('scim_groups').selectAll().orderBy('id').execute();
}

export async function scimGroup(db: Db, id: string): Promise<GroupRow | undefined> {
  return db.selectFrom('scim_groups').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function groupNameOwner(db: Db, nameKey: string): Promise<string | undefined> {
  return (await db.selectFrom('scim_groups').select('id').where('name_key', '=', nameKey).executeTakeFirst())?.id;
}

export async function insertScimGroup(db: Db, row: GroupRow): Promise<void> {
  await db.insertInto('scim_groups').values(row).execute();
}

export async function updateScimGroup(
  db: Db,
  id: string,
  values: Partial<Pick<GroupRow, 'display_name' | 'name_key' | 'external_id' | 'kind' | 'target'>>,
): Promise<void> {
  await db
    .updateTable('scim_groups')
    .set({ ...values, updated_at: Date.now() })
    .where('id', '=', id)
    .execute();
}

export async function deleteScimGroup(db: Db, id: string): Promise<void> {
  await db.deleteFrom('scim_groups').where('id', '=', id).execute();
}

const LINK_TABLES = {
  facility: 'user_facilities',
  department: 'user_departments',
  specialty: 'user_specialties',
} as const;

/** A group's members: the users (not deleted) who carry its item, or hold its role. */
export async function groupMembers(db: Db, kind: string, target: string): Promise<{ id: string; name: string }[]> {
  let q = db
    .selectFrom('users')
    .select(['users.id', 'users.first_name', 'users.last_name'])
    .where('users.deleted', '=', 0);
  if (kind === 'role') q = q.where('users.role', '=', target as 'Admin');
  else if (kind === 'profession') q = q.where('users.profession_id', '=', target);
  else {
    const table = LINK_TABLES[kind as keyof typeof LINK_TABLES];
    q = q.where('users.id', 'in', (eb) =>
      eb.selectFrom(table).select(`${table}.user_id`).where(`${table}.item_id`, '=', target),
    );
  }
  const rows = await q.orderBy('users.id').execute();
  return rows.map((r) => ({ id: r.id, name: `${r.first_name} ${r.last_name}` }));
}

/** The ids among these that are users not deleted. */
export async function existingUserIds(db: Db, ids: readonly string[]): Promise<Set<string>> {
  const valid = ids.filter((id) => /^[0-9a-f]{24}$/.test(id));
  if (valid.length === 0) return new Set();
  const rows = await db.selectFrom('users').select('id').where('id', 'in', valid).where('deleted', '=', 0).execute();
  return new Set(rows.map((r) => r.id));
}
