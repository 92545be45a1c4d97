import { getMe } from '../../features/auth/api/get-me';
import { applyUserPreferences } from '../../features/auth/lib/start-session';
import { ApiError, setTokenRefresher } from '../../lib/api-client';
import { i18n } from '../../lib/i18n';
import { readSessionHint, SESSION_STORAGE_KEY, type TSessionHint, useSession } from '../../lib/session-store';
import { showToast } from '../../lib/toast';
import { LOGOUT_SIGNAL_KEY, onLogoutSignal } from './local-session';
import { renewAccessToken } from './renew-token';
import { loadSessionLifecycle } from './session-lifecycle-chunk';

/**
 * Start-up of the session, before the first render (main.tsx). A stored session is a trial login: the guard
 * renders nothing until GET /setting/me says the token is still honoured (spec doc 1 section 2 "Routes").
 * A tab without a session of its own but with the signed-in hint resumes the browser's session with the
 * refresh cookie. Either way the user is the server's current copy afterwards.
 */
export function startSession(): void {
  setTokenRefresher(renewAccessToken);
  installCrossTabSync();

  const { token, user } = useSession.getState();
  if (token && user) {
    useSession.getState().setRestoring(true);
    warmSignedInCode();
    void verifyStoredSession();
    return;
  }
  const hint = readSessionHint();
  if (hint) {
    useSession.getState().setRestoring(true);
    warmSignedInCode();
    void resumeFromCookie(hint);
  }
}

/**
 * A session is coming back: the code the signed-in frame needs as soon as it is confirmed (the session's socket
 * and timers, and socket.io-client, which the room list waits for) is fetched now, alongside GET /setting/me,
 * instead of one chunk after another once it answers (the first load of /, docs/decisions.md). The same
 * imports as app-layout.tsx and lib/socket.ts, so the same chunks, fetched once.
 */
function warmSignedInCode(): void {
  void loadSessionLifecycle().catch(() => undefined);
  void import('socket.io-client').catch(() => undefined);
}

async function verifyStoredSession(): Promise<void> {
  try {
    // An expired access token is renewed by the api-client's refresher and the call retried.
    const me = await getMe();
    useSession.getState().setUser(me);
    applyUserPreferences(me);
  } catch (error) {
    // 401 after a failed renewal: the api-client dropped the session. Anything else (server away,
    // offline): keep the session, the app works as far as it can and the socket retries.
    if (error instanceof ApiError && useSession.getState().tokenExpired) {
      showToast(i18n.t('errors.sessionExpired'), 'info');
    }
  } finally {
    useSession.getState().setRestoring(false);
  }
}

async function resumeFromCookie(hint: TSessionHint): Promise<void> {
  try {
    const token = await renewAccessToken();
    if (!token) {
      useSession.getState().clearSession();
      return;
    }
    const me = await getMe(token);
    // Another tab's session may have arrived meanwhile (storage event): that one wins.
    if (useSession.getState().token) return;
    useSession.getState().setSession({ token, user: me, remember: hint.remember });
    applyUserPreferences(me);
  } catch {
    // Offline or server away: stay signed out for now; the hint stays for the next load.
  } finally {
    useSession.getState().setRestoring(false);
  }
}

/** Session changes made by another tab of this browser. */
function installCrossTabSync(): void {
  if (typeof window === 'undefined') return;
  window.addEventListener('storage', (event) => {
    if (event.storageArea !== window.localStorage) return;
    if (event.key === LOGOUT_SIGNAL_KEY) onLogoutSignal(event.newValue);
    // A session remembered in localStorage: another tab logged in, out, or renewed the token.
    else if (event.key === SESSION_STORAGE_KEY || event.key === null) void useSession.persist.rehydrate();
  });
}
