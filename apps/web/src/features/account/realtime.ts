import { ZUserReply } from '@rounds/contracts/account';
import { SERVER_EVENTS } from '@rounds/contracts/events';
import type { TUser } from '@rounds/contracts/user';
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
