import { create } from 'zustand';

/**
 * How many rooms have messages the user has not seen: the badge on Recent. The chat issue feeds it from
 * the room list and the real-time events; until then it stays 0.
 */
type TUnreadRoomsState = { count: number; setCount: (count: number) => void };

export const useUnreadRooms = create<TUnreadRoomsState>()((set) => ({
  count: 0,
  setCount: (count) => set({ count: Math.max(0, Math.trunc(count)) }),
}));
