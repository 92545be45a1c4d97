import { create } from 'zustand';
import { persist } from 'zustand/middleware';
import { persistStorage } from '../../lib/persist-storage';

export type TOffset = { x: number; y: number };

type TCallWindowState = {
  /** Where the small call window was put, from its corner (bottom right, desktop); null where it was never moved. */
  offset: TOffset | null;
  place: (offset: TOffset | null) => void;
};

/** The small call window's place, kept on this device (issue 28): the next call's window comes back there. */
export const useCallWindow = create<TCallWindowState>()(
  persist(
    (set) => ({
      offset: null,
      place: (offset) => set({ offset: offset && (offset.x || offset.y) ? offset : null }),
    }),
    {
      name: 'rounds.call-window',
      version: 1,
      storage: persistStorage('local'),
      partialize: ({ offset }) => ({ offset }),
      // A hand-edited value must not throw the window somewhere odd: anything but two numbers is no place.
      merge: (persisted, current) => {
        const offset = (persisted as { offset?: unknown } | undefined)?.offset as Partial<TOffset> | undefined;
        const valid = typeof offset?.x === 'number' && typeof offset.y === 'number';
        return { ...current, offset: valid ? { x: offset.x as number, y: offset.y as number } : null };
      },
    },
  ),
);
