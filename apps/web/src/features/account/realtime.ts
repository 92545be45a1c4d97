import { SERVER_EVENTS } from '@rounds/contracts/events';
import type { TUser } from '@rounds/contracts/user';
import { useSession } from '../../lib/session-store';
import { subscribe } from '../../lib/socket';

/**
 * UserUpdated { user } after any change to the own account, from this tab or another device: every tab
 * replaces its copy (guide: one update path for the sender's own tabs too). Returns the unsubscribe function.
 */
export function onUserUpdated(then?: (user: TUser) => void): () => void {
  return subscribe(SERVER_EVENTS.UserUpdated, ({ user }) => {
    useSession.getState().setUser(user);
    then?.(user);
  });
}

/**
 * PermissionsChanged { permissions } when an administrator changed some of them (one user or everyone): the
 * patch is applied to the signed-in user, so buttons that depend on a permission (dictation, delete) follow
 * at once (spec doc 2 section 4, "Permission and role changes for the current user apply live").
 */
export function onPermissionsChanged(): () => void {
  return subscribe(SERVER_EVENTS.PermissionsChanged, ({ permissions }) => applyPermissionsPatch(permissions));
}

/** Merges a PermissionsChanged patch into the signed-in user (nothing when signed out). */
export function applyPermissionsPatch(permissions: TUser['permissions']): void {
  const user = useSession.getState().user;
  if (user) useSession.getState().setUser({ ...user, permissions: { ...user.permissions, ...permissions } });
}
