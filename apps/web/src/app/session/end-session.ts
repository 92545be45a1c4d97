import { logoutRequest } from '../../features/auth/api/logout';
import { useSession } from '../../lib/session-store';
import { disconnectSocket } from '../../lib/socket';
import { endSessionLocally, sendLogoutSignal, showExpiredToast, type TEndReason } from './local-session';

/**
 * Logout, manual or after idle/offline expiry (spec doc 2 section 4): GET /auth/logout ends every session
 * of the user on the server, and every tab of this browser signs out with this one.
 */
export async function logout(reason: TEndReason = 'logout'): Promise<void> {
  const { user, token } = useSession.getState();
  if (!user) return;
  // Signal first: the other tabs end (and show the same notice) before the server drops their sockets.
  sendLogoutSignal(user.id, reason);
  if (reason === 'expired') showExpiredToast();
  disconnectSocket();
  const endSessionUrl = token ? await logoutRequest().catch(() => undefined) : undefined;
  endSessionLocally();
  // Signed in through the hospital's provider: its session ends too, or the next person at this workstation
  // would be signed straight back in by it. The provider sends the browser back to the login page.
  if (endSessionUrl) window.location.assign(endSessionUrl);
}
