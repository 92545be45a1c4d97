import { create } from 'zustand';
import { readItem, removeItem, writeItem } from './browser-storage';
import { useSession } from './session-store';

/**
 * Whether the screen is locked over the app (quick unlock, issue 26). Kept in localStorage per user, so a reload
 * or a browser reopened on the same session does not open a locked screen, and every tab of the workstation
 * locks and unlocks together. Signing out forgets it: the next sign-in starts unlocked.
 */
const PREFIX = 'rounds.screen-lock.';

const stored = (userId: string | undefined) => Boolean(userId && readItem('local', PREFIX + userId));

type TScreenLock = {
  locked: boolean;
  lock: () => void;
  unlock: () => void;
};

export const useScreenLock = create<TScreenLock>((set) => ({
  locked: stored(useSession.getState().user?.id),
  lock: () => {
    const userId = useSession.getState().user?.id;
    if (!userId) return;
    writeItem('local', PREFIX + userId, String(Date.now()));
    set({ locked: true });
  },
  unlock: () => {
    const userId = useSession.getState().user?.id;
    if (userId) removeItem('local', PREFIX + userId);
    set({ locked: false });
  },
}));

useSession.subscribe((state, previous) => {
  const before = previous.user?.id;
  if (before && !state.user) removeItem('local', PREFIX + before);
  if (state.user?.id !== before) useScreenLock.setState({ locked: stored(state.user?.id) });
});

if (typeof window !== 'undefined') {
  // Another tab of this browser locked or unlocked.
  window.addEventListener('storage', (event) => {
    if (event.storageArea !== window.localStorage) return;
    if (event.key === null || event.key.startsWith(PREFIX)) {
      useScreenLock.setState({ locked: stored(useSession.getState().user?.id) });
    }
  });
}
