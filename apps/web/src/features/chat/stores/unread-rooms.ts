import { create } from 'zustand';

/**
 * The badge on Recent (spec doc 1 section 2): how many rooms got new messages since the user last looked
 * at Recent. Fed by the chat's socket handlers; opening Recent resets it. Imported by the navigation, so it
 * stays free of zod and of the chat code.
 */
type TUnreadRoomsState = {
  rooms: readonly string[];
  count: number;
  add: (twId: string) => void;
  reset: () => void;
};

export const useUnreadRooms = create<TUnreadRoomsState>()((set) => ({
  rooms: [],
  count: 0,
  add: (twId) =>
    set((state) => {
      if (state.rooms.includes(twId)) return state;
      const rooms = [...state.rooms, twId];
      return { rooms, count: rooms.length };
    }),
  reset: () => set((state) => (state.count === 0 ? state : { rooms: [], count: 0 })),
}));
