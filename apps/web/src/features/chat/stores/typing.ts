import { CHAT_LIMITS } from '@rounds/contracts/chat';
import { create } from 'zustand';

type TTyper = { userId: string; fullName: string; until: number };

type TTypingState = {
  /** Who is typing, per room, in the order they started. */
  rooms: Record<string, TTyper[]>;
  typing: (twId: string, userId: string, fullName: string) => void;
  stopped: (twId: string, userId: string) => void;
  clear: () => void;
};

const timers = new Map<string, ReturnType<typeof setTimeout>>();

/**
 * Typing indicators from the Typing event: each shows for CHAT_LIMITS.typingShownMs after that person's
 * last event, and goes at once when their message arrives.
 */
export const useTyping = create<TTypingState>()((set, get) => ({
  rooms: {},
  typing: (twId, userId, fullName) => {
    const until = Date.now() + CHAT_LIMITS.typingShownMs;
    set((state) => {
      const current = state.rooms[twId] ?? [];
      const exists = current.some((typer) => typer.userId === userId);
      const next = exists
        ? current.map((typer) => (typer.userId === userId ? { ...typer, fullName, until } : typer))
        : [...current, { userId, fullName, until }];
      return { rooms: { ...state.rooms, [twId]: next } };
    });
    const key = `${twId}:${userId}`;
    clearTimeout(timers.get(key));
    timers.set(
      key,
      setTimeout(() => {
        timers.delete(key);
        get().stopped(twId, userId);
      }, CHAT_LIMITS.typingShownMs),
    );
  },
  stopped: (twId, userId) =>
    set((state) => {
      const current = state.rooms[twId];
      if (!current?.some((typer) => typer.userId === userId)) return state;
      return { rooms: { ...state.rooms, [twId]: current.filter((typer) => typer.userId !== userId) } };
    }),
  clear: () => {
    for (const timer of timers.values()) clearTimeout(timer);
    timers.clear();
    set({ rooms: {} });
  },
}));
