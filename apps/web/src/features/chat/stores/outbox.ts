import { create } from 'zustand';
import { persist } from 'zustand/middleware';
import { persistStorage } from '../../../lib/persist-storage';
import type { TOutboxEntry } from '../lib/outbox-entry';

type TOutboxState = {
  entries: TOutboxEntry[];
  add: (entry: TOutboxEntry) => void;
  /** Stored by the server: the stored message takes the bubble's place. */
  settle: (clientId: string) => void;
  fail: (clientId: string, error: string, fallsTo?: string) => void;
  /** Try a refused message again, with the same clientId (the server treats it as the same message). */
  retry: (clientId: string, toEscalationTarget?: boolean) => void;
  /** Entries of anyone but this user (a previous sign-in in this tab) are dropped. */
  keepOnly: (userId: string) => void;
};

/**
 * Sends waiting for the server's acknowledgement. Kept in sessionStorage: a nurse who reloads the tab, or
 * whose laptop sleeps mid-send, still has the message, which goes out with its original clientId at the
 * next connection. Per tab, like the socket that sends it, so two tabs never race to send the same one.
 */
export const useOutbox = create<TOutboxState>()(
  persist(
    (set) => ({
      entries: [],
      add: (entry) => set((state) => ({ entries: [...state.entries, entry] })),
      settle: (clientId) =>
        set((state) =>
          state.entries.some((entry) => entry.clientId === clientId)
            ? { entries: state.entries.filter((entry) => entry.clientId !== clientId) }
            : state,
        ),
      fail: (clientId, error, fallsTo) =>
        set((state) => ({
          entries: state.entries.map((entry) => (entry.clientId === clientId ? { ...entry, error, fallsTo } : entry)),
        })),
      retry: (clientId, toEscalationTarget) =>
        set((state) => ({
          entries: state.entries.map((entry) =>
            entry.clientId === clientId
              ? { ...entry, error: null, ...(toEscalationTarget ? { toEscalationTarget } : {}) }
              : entry,
          ),
        })),
      keepOnly: (userId) =>
        set((state) =>
          state.entries.every((entry) => entry.userId === userId)
            ? state
            : { entries: state.entries.filter((entry) => entry.userId === userId) },
        ),
    }),
    {
      name: 'rounds.chat-outbox',
      version: 1,
      storage: persistStorage('session'),
      partialize: ({ entries }) => ({ entries }),
    },
  ),
);
