import type { Expression, ExpressionBuilder, Kysely, SqlBool } from 'kysely';
import { sql } from 'kysely';
import type { Database } from '../../db/schema';
import type { AuthContext } from '../../lib/auth-context';
import type { UserRow } from './users.store';

type Db = Kysely<Database>;
type UserColumn = keyof UserRow & string;

/**
 * Who an administrator manages (docs/decisions.md, "FacilityAdmin scope"): an Admin manages every user; a
 * FacilityAdmin manages the non-Admin users who share at least one facility with them, and nobody else.
 */
export type ManagedScope = { kind: 'everyone' } | { kind: 'facilities'; facilityIds: string[] };

export async function managedScope(db: Db, actor: AuthContext): Promise<ManagedScope> {
  if (actor.role === 'Admin') return { kind: 'everyone' };
  const rows = await db.selectFrom('user_facilities').select('item_id').where('user_id', '=', actor.userId).execute();
  return { kind: 'facilities', facilityIds: rows.map((r) => r.item_id) };
}

/** A where-clause on `users` keeping the rows the scope manages. */
export function managedBy(scope: ManagedScope) {
  return (eb: ExpressionBuilder<Database, 'users'>): Expression<SqlBool> => {
    if (scope.kind === 'everyone') return eb.lit(true);
    if (scope.facilityIds.length === 0) return eb.lit(false);
    return eb.and([
      eb('users.role', '!=', 'Admin'),
      eb.exists(
        eb
          .selectFrom('user_facilities')
          .select('user_facilities.user_id')
          .whereRef('user_facilities.user_id', '=', 'users.id')
          .where('user_facilities.item_id', 'in', scope.facilityIds),
      ),
    ]);
  };
}

/** The facilities a user is linked to. */
export async function facilityIdsOf(db: Db, userId: string): Promise<string[]> {
  const rows = await db.selectFrom('user_facilities').select('item_id').where('user_id', '=', userId).execute();
  return rows.map((r) => r.item_id);
}

/** Whether the scope manages this user. */
export async function isManaged(db: Db, scope: ManagedScope, userId: string): Promise<boolean> {
  const row = await db
    .selectFrom('users')
    .select('id')
    .where('id', '=', userId)
    .where(managedBy(scope))
    .executeTakeFirst();
  return row !== undefined;
}

/** Some columns of every user not deleted that the scope manages. */
export async function managedUsers<C extends UserColumn>(
  db: Db,
  scope: ManagedScope,
  columns: readonly C[],
): Promise<Pick<UserRow, C | 'id'>[]> {
  const rows = await db
    .selectFrom('users')
    .select(['id', ...columns] as UserColumn[])
    .where('deleted', '=', 0)
    .where(managedBy(scope))
    .execute();
  return rows as Pick<UserRow, C | 'id'>[];
}

export type UserPageQuery = {
  /** A where-clause more (the classification filters of GET /user). */
  where?: (eb: ExpressionBuilder<Database, 'users'>) => Expression<SqlBool>;
  keyword?: string;
  sortColumn: `users.${UserColumn}`;
  /** Text columns sort case-insensitively: lower() on both engines. */
  textual: boolean;
  order: 'asc' | 'desc';
  page: number;
  pageSize: number;
};

/**
 * One page of the users not deleted that the scope manages, searched on the same key as the directory and
 * sorted by one column, ties broken by id so pages never overlap; with the total.
 */
export async function managedUserPage(
  db: Db,
  scope: ManagedScope,
  q: UserPageQuery,
): Promise<{ rows: UserRow[]; total: number }> {
  let base = db.selectFrom('users').where('users.deleted', '=', 0).where(managedBy(scope));
  if (q.where) base = base.where(q.where);
  // The directory's rule (contracts/names.ts): the trimmed, lowercased text is in the search key.
  const term = q.keyword?.trim().toLowerCase();
  if (term)
    base = base.where(sql<boolean>`users.search_key like ${`%${term.replace(/[%_\\]/g, '\\$&')}%`} escape '\\'`);
  const [count, rows] = await Promise.all([
    base.select((eb) => eb.fn.countAll<number | string>().as('n')).executeTakeFirstOrThrow(),
    base
      .selectAll('users')
      .orderBy(q.textual ? sql`lower(${sql.ref(q.sortColumn)})` : sql.ref(q.sortColumn), q.order)
      .orderBy('users.id', q.order)
      .limit(q.pageSize)
      .offset((q.page - 1) * q.pageSize)
      .execute(),
  ]);
  return { rows, total: Number(count.n) };
}
