import { removeUserAvatar, setUserAvatar } from './admin-avatars';
import type { AdminDeps } from './admin-context';
import { createUser, getUser, resetUserPassword, updateUser } from './admin-user-edit';
import { importUsersCsv } from './admin-user-import';
import { deleteUser, listUsers, setUserActive, updateRole } from './admin-users.service';
import { changeMembership } from './reference-members';
import { setPermissionForAll, setUserPermission } from './user-permissions.service';

/** Administration's actions, each in its file taking the Pick of AdminDeps it uses first. */
const actions = {
  listUsers,
  getUser,
  createUser,
  updateUser,
  resetUserPassword,
  setUserActive,
  updateRole,
  deleteUser,
  setUserAvatar,
  removeUserAvatar,
  importUsersCsv,
  changeMembership,
  setUserPermission,
  setPermissionForAll,
} satisfies Record<string, (deps: AdminDeps, ...rest: never[]) => unknown>;

/** An action with its deps already given. */
type Bound<F> = F extends (deps: never, ...rest: infer A) => infer R ? (...rest: A) => R : never;

export type AdminService = { [K in keyof typeof actions]: Bound<(typeof actions)[K]> };

/**
 * app.admin: the actions by name, bound to the deps app.ts wires once. The admin routes, the member routes and
 * SCIM provisioning (identity/scim) call them with the acting administrator.
 */
export function createAdminService(deps: AdminDeps): AdminService {
  const bound: Record<string, unknown> = {};
  for (const [name, action] of Object.entries(actions)) {
    bound[name] = (...rest: never[]) => (action as (d: AdminDeps, ...r: never[]) => unknown)(deps, ...rest);
  }
  return bound as AdminService;
}
