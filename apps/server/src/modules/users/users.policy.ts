import type { Expression, ExpressionBuilder, Kysely, SqlBool } from 'kysely';
import type { Database } from '../../db/schema';
import { forbidden, notFound } from '../../lib/errors';
import type { AuthContext } from '../../plugins/auth';

/**
 * Who an administrator manages (docs/decisions.md, "FacilityAdmin scope"): an Admin manages every user; a
 * FacilityAdmin manages the non-Admin users who share at least one facility with them, and nobody else.
 */
export type ManagedScope = { kind: 'everyone' } | { kind: 'facilities'; facilityIds: string[] };

export async function managedScope(db: Kysely<Database>, actor: AuthContext): Promise<ManagedScope> {
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

/**
 * Refuses (404 for a user that does not exist or is deleted, 403 outside the actor's scope) before an admin
 * action on one user. Returns the user's role, which several actions check further.
 */
export async function assertManages(
  db: Kysely<Database>,
  actor: AuthContext,
  userId: string,
): Promise<{ role: 'Regular' | 'FacilityAdmin' | 'Admin' }> {
  const user = await db
    .selectFrom('users')
    .select(['id', 'role'])
    .where('id', '=', userId)
    .where('deleted', '=', 0)
    .executeTakeFirst();
  if (!user) throw notFound('userNotFound', 'USER_NOT_FOUND');
  const scope = await managedScope(db, actor);
  if (scope.kind === 'everyone') return user;
  const managed = await db
    .selectFrom('users')
    .select('id')
    .where('id', '=', userId)
    .where(managedBy(scope))
    .executeTakeFirst();
  if (!managed) throw forbidden('notManagedUser', 'OUT_OF_SCOPE');
  return user;
}

/**
 * A FacilityAdmin creates and edits users within their own facilities only: every facility the form gives
 * must be one of theirs (an Admin may give any). 403 OUT_OF_SCOPE otherwise.
 */
export async function assertOwnFacilities(
  db: Kysely<Database>,
  actor: AuthContext,
  facilityIds: readonly string[],
): Promise<void> {
  const scope = await managedScope(db, actor);
  if (scope.kind === 'everyone') return;
  const own = new Set(scope.facilityIds);
  if (facilityIds.some((id) => !own.has(id))) throw forbidden('ownFacilitiesOnly', 'OUT_OF_SCOPE');
}

/**
 * The facilities an update of `userId` by `actor` writes. A FacilityAdmin changes the links to their own
 * facilities only: the user's links to facilities they do not run stay as they are, whether the form sends
 * them back or leaves them out, so one administrator's edit never takes a user out of another's reach. A
 * facility that is neither theirs nor already the user's is refused (403 OUT_OF_SCOPE). An Admin writes the
 * form's list.
 */
export async function facilitiesAfterUpdate(
  db: Kysely<Database>,
  actor: AuthContext,
  userId: string,
  requested: readonly string[],
): Promise<string[]> {
  const scope = await managedScope(db, actor);
  if (scope.kind === 'everyone') return [...requested];
  const own = new Set(scope.facilityIds);
  const held = await db.selectFrom('user_facilities').select('item_id').where('user_id', '=', userId).execute();
  const kept = held.map((r) => r.item_id).filter((id) => !own.has(id));
  if (requested.some((id) => !own.has(id) && !kept.includes(id))) throw forbidden('ownFacilitiesOnly', 'OUT_OF_SCOPE');
  return [...new Set([...requested.filter((id) => own.has(id)), ...kept])];
}
