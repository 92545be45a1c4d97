import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { AuthContext } from '../../lib/auth-context';
import { forbidden, notFound } from '../../lib/errors';
import { facilityIdsOf, isManaged, managedScope } from './managed.store';
import { usersByIds } from './users.store';

// Who an administrator manages (docs/decisions.md, "FacilityAdmin scope"): the refusals before an admin action.
// The scope itself and its where-clause are managed.store.ts's.

/**
 * Refuses (404 for a user that does not exist or is deleted, 403 outside the actor's scope) before an admin
 * action on one user. Returns the user's role, which several actions check further.
 */
export async function assertManages(
  db: Kysely<Database>,
  actor: AuthContext,
  userId: string,
): Promise<{ role: 'Regular' | 'FacilityAdmin' | 'Admin' }> {
  const user = (await usersByIds(db, [userId], ['role'], 'notDeleted'))[0];
  if (!user) throw notFound('userNotFound', 'USER_NOT_FOUND');
  const scope = await managedScope(db, actor);
  if (scope.kind === 'everyone') return user;
  if (!(await isManaged(db, scope, userId))) throw forbidden('notManagedUser', 'OUT_OF_SCOPE');
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
  const kept = (await facilityIdsOf(db, userId)).filter((id) => !own.has(id));
  if (requested.some((id) => !own.has(id) && !kept.includes(id))) throw forbidden('ownFacilitiesOnly', 'OUT_OF_SCOPE');
  return [...new Set([...requested.filter((id) => own.has(id)), ...kept])];
}
