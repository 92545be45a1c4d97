import { lazy, Suspense, useState } from 'react';
import { Outlet, ScrollRestoration } from 'react-router';
import { OfflineOverlay } from '../../components/offline-overlay';
import { useSession } from '../../lib/session-store';
import { useSessionSocket } from '../use-session-socket';
import { SideNav } from './side-nav';

// Only signed-in users can open it, so it stays out of the login page's download.
const GroupModal = lazy(() =>
  import('../../features/groups/components/group-modal').then((module) => ({ default: module.GroupModal })),
);

/** The frame of every screen: navigation, the page, and the overlays that can cover any page. */
export function AppLayout() {
  useSessionSocket();
  const signedIn = useSession((s) => Boolean(s.token && s.user));
  const [groupOpen, setGroupOpen] = useState(false);

  return (
    <div className={signedIn ? 'app-shell' : 'app-shell app-shell--guest'}>
      <SideNav onOpenGroup={() => setGroupOpen(true)} />
      <main className="app-main" id="main">
        <Outlet />
      </main>
      {groupOpen && (
        <Suspense fallback={null}>
          <GroupModal opened onClose={() => setGroupOpen(false)} />
        </Suspense>
      )}
      <OfflineOverlay />
      <ScrollRestoration />
    </div>
  );
}
