import type { TRole } from '@rounds/contracts/common';
import { create } from 'zustand';
import { type PersistStorage, persist, type StorageValue } from 'zustand/middleware';
import { readJson, removeItem, writeItem } from './browser-storage';

/**
 * What the shell needs to know about the signed-in user. The auth issue replaces this with the user
 * contract once it exists; extra fields from the server are kept as they come.
 */
export type TSessionUser = {
  id: string;
  role: TRole;
  email?: string;
  firstName?: string;
  lastName?: string;
  avatar?: string | null;
  [extra: string]: unknown;
};

type TPersistedSession = { token: string | null; user: TSessionUser | null; remember: boolean };

type TSessionState = TPersistedSession & {
  /** Set by the api-client on 401/407 (spec doc 1 section 7); cleared by the next successful login. */
  tokenExpired: boolean;
  /** True while a stored session is being checked at start-up: the guard renders nothing meanwhile. */
  restoring: boolean;
  setSession: (session: { token: string; user: TSessionUser; remember: boolean }) => void;
  updateUser: (patch: Partial<TSessionUser>) => void;
  setRestoring: (restoring: boolean) => void;
  clearSession: () => void;
  markTokenExpired: () => void;
};

export const SESSION_STORAGE_KEY = 'rounds.session';

/**
 * "Remember me" decides where the session lives: localStorage survives closing the browser,
 * sessionStorage ends with the tab. Reading checks both so a reload finds it wherever it is.
 */
const rememberAwareStorage: PersistStorage<TPersistedSession> = {
  getItem: (name) => (readJson('local', name) ?? readJson('session', name)) as StorageValue<TPersistedSession> | null,
  setItem: (name, value) => {
    const [keep, drop] = value.state.remember ? (['local', 'session'] as const) : (['session', 'local'] as const);
    removeItem(drop, name);
    writeItem(keep, name, JSON.stringify(value));
  },
  removeItem: (name) => {
    removeItem('local', name);
    removeItem('session', name);
  },
};

const SIGNED_OUT: TPersistedSession = { token: null, user: null, remember: false };

export const useSession = create<TSessionState>()(
  persist(
    (set, get) => ({
      ...SIGNED_OUT,
      tokenExpired: false,
      restoring: false,
      setSession: ({ token, user, remember }) => set({ token, user, remember, tokenExpired: false }),
      updateUser: (patch) => {
        const user = get().user;
        if (user) set({ user: { ...user, ...patch } });
      },
      setRestoring: (restoring) => set({ restoring }),
      clearSession: () => set({ ...SIGNED_OUT }),
      // The token is no longer honoured, so drop it: the route guard then sends the user to login and
      // remembers where they were, which is exactly the re-login flow the spec describes.
      markTokenExpired: () => set({ ...SIGNED_OUT, remember: get().remember, tokenExpired: true }),
    }),
    {
      name: SESSION_STORAGE_KEY,
      version: 1,
      storage: rememberAwareStorage,
      partialize: ({ token, user, remember }) => ({ token, user, remember }),
    },
  ),
);
