import { create } from 'zustand';

/**
 * A new build of the app is waiting to take over (its service worker installed). It does at the next navigation,
 * unless something that must not be cut is going on: a call, a dictation. Those hold the update while they last.
 */
type TAppUpdateState = {
  /** A new build is installed and waits for the next navigation. */
  waiting: boolean;
  holds: number;
};

export const useAppUpdate = create<TAppUpdateState>()(() => ({ waiting: false, holds: 0 }));

/** Keeps a new build from taking over until the returned release is called (once; later calls do nothing). */
export function holdAppUpdate(): () => void {
  useAppUpdate.setState((s) => ({ holds: s.holds + 1 }));
  let released = false;
  return () => {
    if (released) return;
    released = true;
    useAppUpdate.setState((s) => ({ holds: Math.max(0, s.holds - 1) }));
  };
}
