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
