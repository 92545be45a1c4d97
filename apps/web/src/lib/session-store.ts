import { SESSION_HINT_KEY } from '@rounds/contracts/first-paint';
import type { TUser } from '@rounds/contracts/user';
import { create } from 'zustand';
import { type PersistStorage, persist, type StorageValue } from 'zustand/middleware';
import { readJson, removeItem, writeItem } from './browser-storage';

/** The signed-in user, exactly as the server sends it (GET /setting/me, login, UserUpdated). */
export type TSessionUser = TUser;

type TPersistedSession = { token: string | null; user: TSessionUser | null; remember: boolean };

type TSessionState = TPersistedSession & {
  /** Set by the api-client on 401/407 (spec doc 1 section 7); cleared by the next successful login. */
  tokenExpired: boolean;
  /** True while a stored session is being checked at start-up: the guard renders nothing meanwhile. */
  restoring: boolean;
  setSession: (session: { token: string; user: TSessionUser; remember: boolean }) => void;
  /** A renewed access token for the same session (POST /auth/refresh-token). */
  setToken: (token: string) => void;
  /** The server's newer copy of the user (a reply or the UserUpdated event). */
  setUser: (user: TSessionUser) => void;
  /** Raised by every setUser: what a read asked for before a later change must not undo it. */
  userRevision: number;
  /**
   * The server's copy read when userRevision was `revision`: applied only if nothing changed the user since (a
   * UserUpdated event that overtook the reply is newer than it).
   */
  setUserReadAt: (user: TSessionUser, revision: number) => void;
  setRestoring: (restoring: boolean) => void;
  clearSession: () => void;
  markTokenExpired: () => void;
};

export const SESSION_STORAGE_KEY = 'rounds.session';

/*
 * SESSION_HINT_KEY: a signed-in marker kept in localStorage even when the session itself lives in sessionStorage
 * (no "remember me"). A new tab finds no session of its own but this hint, and asks the server for a token
 * with the refresh cookie the browser already holds, instead of making the user log in again (which,
 * sessions being single per user, would end the first tab's session). The first-paint script reads it too.
 */
export type TSessionHint = { userId: string; remember: boolean };

export function readSessionHint(): TSessionHint | null {
  const hint = readJson('local', SESSION_HINT_KEY) as Partial<TSessionHint> | null;
  if (typeof hint?.userId !== 'string') return null;
  return { userId: hint.userId, remember: hint.remember === true };
}

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
    const { token, user, remember } = value.state;
    if (token && user) writeItem('local', SESSION_HINT_KEY, JSON.stringify({ userId: user.id, remember }));
    else removeItem('local', SESSION_HINT_KEY);
  },
  removeItem: (name) => {
    removeItem('local', name);
    removeItem('session', name);
    removeItem('local', SESSION_HINT_KEY);
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
      setToken: (token) => {
        if (get().user) set({ token, tokenExpired: false });
      },
      userRevision: 0,
      setUser: (user) => {
        // A late reply for someone who has since logged out (or another account) must not sign them back in.
        if (get().user?.id === user.id) set({ user, userRevision: get().userRevision + 1 });
      },
      setUserReadAt: (user, revision) => {
        if (get().userRevision === revision) get().setUser(user);
      },
      setRestoring: (restoring) => set({ restoring }),
      clearSession: () => set({ ...SIGNED_OUT, restoring: false }),
      // The token is no longer honoured, so drop it: the route guard then sends the user to login and
      // remembers where they were, which is exactly the re-login flow the spec describes.
      markTokenExpired: () => set({ ...SIGNED_OUT, remember: get().remember, tokenExpired: true, restoring: false }),
    }),
    {
      name: SESSION_STORAGE_KEY,
      // 2: the user is the full contract user (ZUser); a version-1 entry is dropped, its token re-checked.
      version: 2,
      storage: rememberAwareStorage,
      partialize: ({ token, user, remember }) => ({ token, user, remember }),
      migrate: () => ({ ...SIGNED_OUT }),
    },
  ),
);
