import type { TUser } from '@rounds/contracts/user';
import { usePreferences } from '../../../lib/preferences-store';
import { useSession } from '../../../lib/session-store';

/**
 * The account's own theme and language win once signed in: they are what the user chose in Settings,
 * on whichever device (spec doc 1 section 2 "Settings").
 */
export function applyUserPreferences(user: TUser): void {
  const preferences = usePreferences.getState();
  if (preferences.theme !== user.settings.theme) preferences.setTheme(user.settings.theme);
  if (preferences.language !== user.language) preferences.setLanguage(user.language);
}

/** A session begins: login, or email verification that returns one. */
export function startSession(token: string, user: TUser, remember: boolean): void {
  useSession.getState().setSession({ token, user, remember });
  applyUserPreferences(user);
}
