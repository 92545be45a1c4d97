import { removeItem, writeItem } from '../../lib/browser-storage';
import { i18n } from '../../lib/i18n';
import { queryClient } from '../../lib/query-client';
import { useSession } from '../../lib/session-store';
import { showToast } from '../../lib/toast';

/**
 * The end of a session in this tab, and the signal that carries it to the browser's other tabs. Small and
 * free of zod and socket code: the storage-event side runs from the first download (restore.ts), and must
 * act at once, before this tab's socket notices that the server ended the session.
 */

/** localStorage key whose storage event tells the other tabs of this browser that the session ended. */
export const LOGOUT_SIGNAL_KEY = 'rounds.logout';

export type TEndReason = 'logout' | 'expired';
type TLogoutSignal = { userId: string; reason: TEndReason; at: number };

export function showExpiredToast(): void {
  showToast(i18n.t('session.expired'), 'info');
}

/**
 * Ends the session in this tab only: no server call (it is over there already, or another tab called).
 * The layout then unmounts the session lifecycle, which closes the socket.
 */
export function endSessionLocally(): void {
  // Cached data belonged to that user; the public settings (logos, calling codes) can stay.
  queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== 'settings' });
  useSession.getState().clearSession();
}

export function sendLogoutSignal(userId: string, reason: TEndReason): void {
  const signal: TLogoutSignal = { userId, reason, at: Date.now() };
  writeItem('local', LOGOUT_SIGNAL_KEY, JSON.stringify(signal));
  removeItem('local', LOGOUT_SIGNAL_KEY);
}

/** The storage-event side: another tab of this browser ended the session. */
export function onLogoutSignal(raw: string | null): void {
  if (!raw) return;
  let signal: Partial<TLogoutSignal>;
  try {
    signal = JSON.parse(raw) as Partial<TLogoutSignal>;
  } catch {
    return;
  }
  const user = useSession.getState().user;
  if (!user || signal.userId !== user.id) return;
  if (signal.reason === 'expired') showExpiredToast();
  endSessionLocally();
}
