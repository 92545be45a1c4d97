import type { TUser } from '@rounds/contracts/user';
import { usePreferences } from '../../../lib/preferences-store';
import { useSession } from '../../../lib/session-store';
import { saveLanguage } from '../api/save-language';

/**
 * The account's own theme and language win once signed in: they are what the user chose in Settings,
 * on whichever device (spec doc 1 section 2 "Settings").
 */
export function applyUserPreferences(user: TUser): void {
  const preferences = usePreferences.getState();
  if (preferences.theme !== user.settings.theme) preferences.setTheme(user.settings.theme);
  if (preferences.language !== user.language) preferences.setLanguage(user.language);
}

/**
 * A session begins: login, or email verification that returns one. A language picked by hand on this device
 * before sign-in wins over the account's and is saved to it (issue 13: the choice was silently replaced);
 * without one, the account's language applies as before.
 */
export function startSession(token: string, user: TUser, remember: boolean): void {
  useSession.getState().setSession({ token, user, remember });
  const preferences = usePreferences.getState();
  const chosen = preferences.languageByHand ? preferences.language : null;
  if (chosen === null || chosen === user.language) {
    if (chosen !== null) preferences.setLanguageByHand(false);
    applyUserPreferences(user);
    return;
  }
  applyUserPreferences({ ...user, language: chosen });
  saveLanguage(chosen)
    .then((saved) => {
      usePreferences.getState().setLanguageByHand(false);
      if (useSession.getState().user?.id === saved.id) useSession.getState().setUser(saved);
    })
    // Kept by hand on this device: the next sign-in tries again.
    .catch(() => undefined);
}
