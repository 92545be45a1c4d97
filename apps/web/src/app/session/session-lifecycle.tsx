import { SERVER_EVENTS, SOCKET_REFUSALS, ZSocketConnectRefusal } from '@rounds/contracts/events';
import { TIMINGS } from '@rounds/contracts/limits';
import { chatPath } from '@rounds/contracts/routes';
import { useEffect, useRef } from 'react';
import { useNavigate } from 'react-router';
import type { Socket } from 'socket.io-client';
import { onPermissionsChanged, onUserUpdated } from '../../features/account/realtime';
import { getMe } from '../../features/auth/api/get-me';
import {
  activityKey,
  idleDecision,
  offlineTooLong,
  refreshIntervalMs,
  sessionTimeoutMs,
  staleMarkers,
  userMarkers,
} from '../../features/auth/lib/idle';
import { applyUserPreferences } from '../../features/auth/lib/start-session';
import { onForcedLogout, type TForcedLogoutReason } from '../../features/auth/realtime';
import { inAnyCall, useCalls } from '../../features/calls/call-store';
import { onChat } from '../../features/chat/realtime';
import { useAwayDetection } from '../../features/contacts/hooks/use-away-detection';
import { onPresence } from '../../features/contacts/realtime';
import { useQuickUnlockStatus } from '../../features/identity/api/quick-unlock';
import { onDutyRoles } from '../../features/on-call/realtime';
import { useResumeNotifications } from '../../features/push/hooks/use-resume-notifications';
import { useTabVisibility } from '../../features/push/hooks/use-tab-visibility';
import { useAppSettings } from '../../features/settings/api/get-app-settings';
import { onAppSettingsChanged } from '../../features/settings/realtime';
import { removeItem, writeItem } from '../../lib/browser-storage';
import { i18n } from '../../lib/i18n';
import { useScreenLock } from '../../lib/screen-lock-store';
import { useSession } from '../../lib/session-store';
import { connectSocket, disconnectSocket, onSocketConnect, subscribe, tabUuid } from '../../lib/socket';
import { showToast } from '../../lib/toast';
import { useNotificationClicks } from '../pwa/use-notification-clicks';
import { logout } from './end-session';
import { endSessionLocally } from './local-session';
import { PasswordUpdateGate } from './password-update-gate';
import { renewAccessToken } from './renew-token';

/**
 * Everything that keeps a signed-in session alive, and ends it (spec doc 2 section 4): the socket and its
 * session events, token renewal, idle logout across tabs, expiry after a long offline spell, and the
 * password-update reminder. Mounted by the layout while signed in, in its own chunk.
 */
export function SessionLifecycle() {
  const userId = useSession((s) => s.user?.id);
  const userTimeout = useSession((s) => s.user?.sessionTimeout);
  const defaultTimeout = useAppSettings().data?.sessionTimeout;
  const timeoutMs = sessionTimeoutMs(userTimeout, defaultTimeout);

  const navigate = useNavigate();

  // A click on a message's desktop notification opens its room in Recent.
  useSessionSocket(userId, (twId) => void navigate(chatPath(twId)));
  useAwayDetection(userId);
  useTokenRenewal(userId, timeoutMs);
  // Quick unlock (issue 26): with a PIN, the screen locks after the hospital's idle time, before the logout.
  const unlockStatus = useQuickUnlockStatus(Boolean(userId)).data;
  const hasPin = unlockStatus?.hasPin === true;
  // The hospital's setting, live; until it has loaded, the same figure from the account's unlock status, so the
  // lock is armed as soon as the account is known to have a PIN.
  const lockMinutes = useAppSettings().data?.quickLockMinutes ?? unlockStatus?.lockAfterMinutes ?? 0;
  useIdleLogout(userId, timeoutMs, hasPin ? lockMinutes * 60_000 : 0);
  useOfflineExpiry(userId, timeoutMs);
  // Web Push (issue 24): the server pushes only to users with no visible tab; clicks on a push land here.
  useTabVisibility(userId);
  useResumeNotifications(userId);
  useNotificationClicks(userId);

  return userId ? <PasswordUpdateGate userId={userId} /> : null;
}

/** The session is over on the server (renewal refused): the same path as a 401 reply. */
function sessionExpired(): void {
  if (!useSession.getState().user) return;
  disconnectSocket();
  useSession.getState().markTokenExpired();
  showToast(i18n.t('errors.sessionExpired'), 'info');
}

// Module state: a forced logout must complete even if the component re-renders or remounts meanwhile.
let forcedTimer: ReturnType<typeof setTimeout> | undefined;

/** Warn, leave 10 s to save work, then sign out this tab (the server ends the session at the same time). */
function forcedLogout(reason: TForcedLogoutReason): void {
  if (forcedTimer) return;
  const seconds = TIMINGS.forcedLogoutDelayMs / 1000;
  const text = `${i18n.t(`session.forced.${reason}`)} ${i18n.t('session.saveWork', { count: seconds })}`;
  // Kept on screen a little past the logout, so the login page still says why.
  showToast(text, 'error', { autoClose: TIMINGS.forcedLogoutDelayMs + 5_000 });
  forcedTimer = setTimeout(() => {
    forcedTimer = undefined;
    // No GET /auth/logout: it would end every session of the user, including the new one elsewhere.
    endSessionLocally();
  }, TIMINGS.forcedLogoutDelayMs);
}

function useSessionSocket(userId: string | undefined, openRoom: (twId: string) => void): void {
  // Read when a notification is clicked, so the socket is not reopened each time the callback changes.
  const openRoomRef = useRef(openRoom);
  openRoomRef.current = openRoom;
  useEffect(() => {
    const token = useSession.getState().token;
    if (!userId || !token) return;
    let cancelled = false;
    let retry: ReturnType<typeof setTimeout> | undefined;
    // The Unauthorized event and the disconnect after it both ask for recovery: one renewal serves both.
    let recovering = false;
    let capNoticeShown = false;
    // Subscriptions outlive the socket object (lib/socket), so they are made before it exists.
    const unsubscribe: (() => void)[] = [
      onForcedLogout(forcedLogout),
      onUserUpdated(applyUserPreferences),
      onPermissionsChanged(),
      onPresence(),
      onDutyRoles(),
      onChat({ openRoom: (twId) => openRoomRef.current(twId) }),
      onAppSettingsChanged(),
      // What an administrator changed while the socket was away (role, permissions, name) is read again on
      // every (re)connection: UserUpdated only reaches a connected socket. Theme and language stay this
      // device's (a language chosen at sign-in is being saved to the account at this very moment).
      // An event that arrives while this read is on its way is newer than its reply, which then is dropped.
      onSocketConnect(() => {
        const revision = useSession.getState().userRevision;
        void getMe()
          .then((user) => useSession.getState().setUserReadAt(user, revision))
          .catch(() => undefined);
      }),
    ];

    /** The server refused or dropped us: renew the token and reconnect, or end the session. */
    const recover = async (socket: Socket) => {
      if (cancelled || forcedTimer || recovering) return;
      recovering = true;
      try {
        const fresh = await renewAccessToken();
        if (cancelled) return;
        if (fresh) socket.connect();
        else sessionExpired();
      } catch {
        // Server away (a restart disconnects everyone): try again shortly.
        retry = setTimeout(() => void recover(socket), TIMINGS.reconnectDelayMaxMs);
      } finally {
        recovering = false;
      }
    };

    void connectSocket(token).then((socket) => {
      if (!socket || cancelled) return;
      // The server's Unauthorized event: the token expired or the session ended ("Unauthorized socket event
      // triggers a token refresh", doc 2 section 7); the server closes the socket right after.
      unsubscribe.push(subscribe(SERVER_EVENTS.Unauthorized, () => void recover(socket)));
      // 'Unauthorized' comes from the handshake check: the token expired or the session ended.
      const onConnectError = (error: Error & { data?: unknown }) => {
        if (error.message === 'Unauthorized') void recover(socket);
        const refusal = ZSocketConnectRefusal.safeParse(error.data);
        if (refusal.success && refusal.data.code === SOCKET_REFUSALS.tooManyConnections) {
          // Too many tabs on the account, or connections from the network: say so once, then try again now and
          // then (socket.io does not retry a refused handshake), so closing another tab is enough.
          if (!capNoticeShown) showToast(refusal.data.message, 'error');
          capNoticeShown = true;
          clearTimeout(retry);
          retry = setTimeout(() => socket.connect(), CAPPED_RETRY_MS);
        }
      };
      const onConnect = () => {
        capNoticeShown = false;
      };
      socket.on('connect', onConnect);
      // socket.io reconnects by itself after network trouble, but not when the server closed the socket.
      const onDisconnect = (reason: Socket.DisconnectReason) => {
        if (reason === 'io server disconnect') void recover(socket);
      };
      socket.on('connect_error', onConnectError);
      socket.on('disconnect', onDisconnect);
      unsubscribe.push(() => {
        socket.off('connect_error', onConnectError);
        socket.off('connect', onConnect);
        socket.off('disconnect', onDisconnect);
      });
    });

    return () => {
      cancelled = true;
      clearTimeout(retry);
      for (const off of unsubscribe) off();
      disconnectSocket();
    };
  }, [userId]);
}

/**
 * Renews the access token every third of the session timeout (at most every 10 minutes), and on return to a
 * tab that has not renewed for that long (timers sleep with the laptop). A token received from another tab
 * counts as renewed.
 */
function useTokenRenewal(userId: string | undefined, timeoutMs: number): void {
  useEffect(() => {
    if (!userId) return;
    const interval = refreshIntervalMs(timeoutMs);
    let renewedAt = Date.now();
    const stopWatching = useSession.subscribe((state, previous) => {
      if (state.token !== previous.token) renewedAt = Date.now();
    });
    const renewIfDue = () => {
      if (Date.now() - renewedAt < interval * 0.9) return;
      renewAccessToken()
        .then((token) => {
          if (token === null) sessionExpired();
        })
        .catch(() => undefined); // offline or server away: the next tick tries again
    };
    const timer = setInterval(renewIfDue, interval);
    const onVisible = () => {
      if (document.visibilityState === 'visible') renewIfDue();
    };
    document.addEventListener('visibilitychange', onVisible);
    return () => {
      stopWatching();
      clearInterval(timer);
      document.removeEventListener('visibilitychange', onVisible);
    };
  }, [userId, timeoutMs]);
}

const ACTIVITY_EVENTS = ['pointerdown', 'pointermove', 'keydown', 'wheel', 'touchstart', 'scroll', 'focus'] as const;
/** How often a tab writes its marker while active, and checks whether the user's tabs are all idle. */
const MARKER_WRITE_MS = 5_000;
/** How soon a tab refused by a socket cap asks again. */
const CAPPED_RETRY_MS = 30_000;
const IDLE_CHECK_MS = 5_000;

function localEntries(): [string, string | null][] {
  const entries: [string, string | null][] = [];
  try {
    for (let i = 0; i < localStorage.length; i += 1) {
      const key = localStorage.key(i);
      if (key) entries.push([key, localStorage.getItem(key)]);
    }
  } catch {
    // storage unavailable: this tab decides from its own activity alone
  }
  return entries;
}

/**
 * Idle logout across the user's tabs (spec doc 2 section 4): each tab keeps its last-activity time in
 * localStorage; when every tab of the user has been idle for the session timeout, the session ends with
 * 'Your session has expired. Please log back in to continue.'. Never during a call.
 */
function useIdleLogout(userId: string | undefined, timeoutMs: number, lockMs: number): void {
  useEffect(() => {
    if (!userId) return;
    const key = activityKey(userId, tabUuid());
    let lastActivity = Date.now();
    let written = 0;
    const write = () => {
      if (lastActivity === written) return;
      writeItem('local', key, String(lastActivity));
      written = lastActivity;
    };
    const onActivity = () => {
      // Hands on a locked screen are not the user at work: the idle logout still comes at its time.
      if (useScreenLock.getState().locked) return;
      lastActivity = Date.now();
      if (lastActivity - written >= MARKER_WRITE_MS) write();
    };
    const check = () => {
      if (!useSession.getState().user) return;
      // A call is activity (doc 2 section 4: idle logout is skipped during a call), on this tab and, through
      // its marker, for the user's other tabs.
      if (inAnyCall(useCalls.getState().calls, userId)) lastActivity = Date.now();
      write();
      const now = Date.now();
      const markers = [...userMarkers(localEntries(), userId), lastActivity];
      if (idleDecision(now, markers, timeoutMs).expired) void logout('expired');
      else if (lockMs > 0 && !useScreenLock.getState().locked && idleDecision(now, markers, lockMs).expired) {
        useScreenLock.getState().lock();
      }
    };

    // Markers of tabs long gone (any user) are dropped, so storage does not grow with every tab opened.
    for (const stale of staleMarkers(localEntries(), Date.now(), Math.max(timeoutMs, 24 * 60 * 60_000))) {
      removeItem('local', stale);
    }
    write();
    for (const name of ACTIVITY_EVENTS) window.addEventListener(name, onActivity, { capture: true, passive: true });
    const timer = setInterval(check, IDLE_CHECK_MS);
    // A laptop waking up: decide at once rather than at the next tick.
    const onVisible = () => {
      if (document.visibilityState === 'visible') check();
    };
    document.addEventListener('visibilitychange', onVisible);
    return () => {
      for (const name of ACTIVITY_EVENTS) window.removeEventListener(name, onActivity, { capture: true });
      clearInterval(timer);
      document.removeEventListener('visibilitychange', onVisible);
    };
  }, [userId, timeoutMs, lockMs]);
}

/** Back online after longer than the session timeout: the session is over (spec doc 2 section 4). */
function useOfflineExpiry(userId: string | undefined, timeoutMs: number): void {
  useEffect(() => {
    if (!userId) return;
    let offlineSince: number | null = navigator.onLine ? null : Date.now();
    const onOffline = () => {
      offlineSince ??= Date.now();
    };
    const onOnline = () => {
      const expired = offlineTooLong(offlineSince, Date.now(), timeoutMs);
      offlineSince = null;
      if (expired) void logout('expired');
    };
    window.addEventListener('offline', onOffline);
    window.addEventListener('online', onOnline);
    return () => {
      window.removeEventListener('offline', onOffline);
      window.removeEventListener('online', onOnline);
    };
  }, [userId, timeoutMs]);
}
