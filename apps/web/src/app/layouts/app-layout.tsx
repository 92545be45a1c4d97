import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, ScrollRestoration } from 'react-router';
import { OfflineOverlay } from '../../components/offline-overlay';
import { useAppUpdate } from '../../lib/app-update';
import { useGroupModal } from '../../lib/group-modal-store';
import { useScreenLock } from '../../lib/screen-lock-store';
import { useSession } from '../../lib/session-store';
import { useSignedInFrameRender } from '../../lib/signed-in-frame';
import { loadedSessionLifecycle, loadSessionLifecycle } from '../session/session-lifecycle-chunk';
import { SideNav } from './side-nav';

// Only signed-in users can open it, so it stays out of the login page's download.
const GroupModal = lazy(() =>
  import('../../features/groups/components/group-modal').then((module) => ({ default: module.GroupModal })),
);

// The administrators' banner: only over signed-in screens, so not in the login page's download.
const AppBanner = lazy(() =>
  import('../../features/settings/components/app-banner').then((module) => ({ default: module.AppBanner })),
);

// URGENT messages waiting for acknowledgement, on every signed-in screen: with the chat's chunk.
const UrgentEverywhere = lazy(() => import('../../features/chat/components/urgent-everywhere'));

// Socket, token renewal, idle logout and the password reminder: only for signed-in users, in their own chunk.
const LazySessionLifecycle = lazy(loadSessionLifecycle);

// The locked screen of a shared workstation (issue 26): only loaded when the screen locks.
const ScreenLockGate = lazy(() =>
  import('../session/screen-lock-gate').then((module) => ({ default: module.ScreenLockGate })),
);

// The call overlay and its media layer: only for signed-in users, in their own chunk.
const CallLayer = lazy(() => import('../../features/calls/components/call-layer'));

// A new build waiting to take over: its notice and the call check only load when there is one.
const AppUpdateNotice = lazy(() =>
  import('../pwa/app-update-notice').then((module) => ({ default: module.AppUpdateNotice })),
);

/** Rendered without a Suspense round when restore.ts already fetched its chunk (a reload while signed in). */
function SessionLifecycle() {
  // Chosen once per mount: switching components later would remount it, closing and reopening the socket.
  const [Loaded] = useState(loadedSessionLifecycle);
  return Loaded ? <Loaded /> : <LazySessionLifecycle />;
}

/** The frame of every screen: navigation, the page, and the overlays that can cover any page. */
export function AppLayout() {
  // The build's drawing of the signed-in home page has the signed-in shape with no one signed in (prerender.tsx).
  const frame = useSignedInFrameRender();
  const session = useSession((s) => Boolean(s.token && s.user));
  const signedIn = session || frame;
  // The stored session is being checked: no socket or timers until it is known to be good.
  const restoring = useSession((s) => s.restoring);
  const locked = useScreenLock((s) => s.locked) && session;
  const groupOpen = useGroupModal((s) => s.request !== null);
  const updateWaiting = useAppUpdate((s) => s.waiting);
  const openGroup = useGroupModal((s) => s.open);
  const closeGroup = useGroupModal((s) => s.close);
  const { t } = useTranslation();
  const mainRef = useRef<HTMLElement>(null);
  const wasSignedIn = useRef(signedIn);

  // The dialog unmounts as soon as it closes, before Mantine could give focus back: done here, to what opened it.
  const openerRef = useRef<HTMLElement | null>(null);
  useEffect(() => {
    if (groupOpen) {
      openerRef.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
      return;
    }
    const opener = openerRef.current;
    openerRef.current = null;
    if (opener?.isConnected) opener.focus();
  }, [groupOpen]);

  // Signing in replaces the whole page: focus goes to the new content, not back to the top of the body.
  useEffect(() => {
    if (signedIn && !wasSignedIn.current) requestAnimationFrame(() => mainRef.current?.focus());
    wasSignedIn.current = signedIn;
  }, [signedIn]);

  return (
    <div className={signedIn ? 'app-shell' : 'app-shell app-shell--guest'} data-locked={locked || undefined}>
      {/* First focusable element: keyboard users skip the navigation rail (WCAG 2.4.1). */}
      {/* A plain fragment link: the browser scrolls to <main> and, since it takes focus (tabIndex -1), focuses it. */}
      <a className="skip-link" href="#main">
        {t('nav.skip')}
      </a>
      <SideNav onOpenGroup={() => openGroup()} />
      {/* Inert while locked: nothing behind the lock is reached by Tab or a screen reader. */}
      <main className="app-main" id="main" ref={mainRef} tabIndex={-1} inert={locked || undefined}>
        {session && (
          <Suspense fallback={null}>
            <AppBanner />
          </Suspense>
        )}
        {session && !restoring && (
          <Suspense fallback={null}>
            <UrgentEverywhere />
          </Suspense>
        )}
        <Outlet />
      </main>
      {groupOpen && (
        <Suspense fallback={null}>
          <GroupModal opened onClose={closeGroup} />
        </Suspense>
      )}
      {session && !restoring && (
        <Suspense fallback={null}>
          <SessionLifecycle />
        </Suspense>
      )}
      {session && !restoring && (
        <Suspense fallback={null}>
          <CallLayer />
        </Suspense>
      )}
      {updateWaiting && (
        <Suspense fallback={null}>
          <AppUpdateNotice />
        </Suspense>
      )}
      {locked && (
        <Suspense fallback={<div className="screen-lock-placeholder" />}>
          <ScreenLockGate />
        </Suspense>
      )}
      <OfflineOverlay />
      <ScrollRestoration />
    </div>
  );
}
