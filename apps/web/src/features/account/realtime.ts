import { ZUserReply } from '@rounds/contracts/account';
import { SERVER_EVENTS } from '@rounds/contracts/events';
import type { TUser } from '@rounds/contracts/user';
import { ZPermissionsChangedPayload } from '@rounds/contracts/user-permissions';
import type { Socket } from 'socket.io-client';
import { useSession } from '../../lib/session-store';

/**
 * UserUpdated { user } after any change to the own account, from this tab or another device: every tab
 * replaces its copy (guide: one update path for the sender's own tabs too). Returns the unsubscribe function.
 */
export function onUserUpdated(socket: Socket, then?: (user: TUser) => void): () => void {
  const listener = (payload: unknown) => {
    // The payload has the shape of the account replies ({ user }), so their contract parses it.
    const parsed = ZUserReply.safeParse(payload);
    if (!parsed.success) return;
    useSession.getState().setUser(parsed.data.user);
    then?.(parsed.data.user);
  };
  socket.on(SERVER_EVENTS.UserUpdated, listener);
  return () => {
    socket.off(SERVER_EVENTS.UserUpdated, listener);
  };
}

/**
 * PermissionsChanged { permissions } when an administrator changed some of them (one user or everyone): the
 * patch is applied to the signed-in user, so buttons that depend on a permission (dictation, delete) follow
 * at once (spec doc 2 section 4, "Permission and role changes for the current user apply live").
 */
export function onPermissionsChanged(socket: Socket): () => void {
  const listener = (payload: unknown) => {
    const parsed = ZPermissionsChangedPayload.safeParse(payload);
    const user = useSession.getState().user;
    if (!parsed.success || !user) return;
    useSession.getState().setUser({ ...user, permissions: { ...user.permissions, ...parsed.data.permissions } });
  };
  socket.on(SERVER_EVENTS.PermissionsChanged, listener);
  return () => {
    socket.off(SERVER_EVENTS.PermissionsChanged, listener);
  };
}
