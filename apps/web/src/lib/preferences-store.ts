import type { TLanguage, TTheme } from '@rounds/contracts/common';
import {
  firstKnownLanguage,
  languageCookie,
  PREFERENCES_STORAGE_KEY,
  PREFERENCES_VERSION,
} from '@rounds/contracts/first-paint';
import { THEMES, toLanguage } from '@rounds/contracts/values';
import { create } from 'zustand';
import { persist } from 'zustand/middleware';
import { readItem } from './browser-storage';
import { applyLanguage } from './i18n';
import { persistStorage } from './persist-storage';

type TPreferencesState = {
  language: TLanguage;
  theme: TTheme;
  /**
   * Opt-in to messages through third-party services (Settings tab, spec doc 1 section 2). No server field
   * carries it, so it stays a choice of this device (docs/decisions.md).
   */
  thirdPartyMessaging: boolean;
  /**
   * The language was picked by hand on this device before sign-in (the login page's select): it wins over
   * the account's saved language at the next sign-in, which saves it to the account and clears this.
   */
  languageByHand: boolean;
  setLanguage: (language: TLanguage) => void;
  /** A hand choice of language (the language select before sign-in), as opposed to one applied for the user. */
  chooseLanguage: (language: TLanguage) => void;
  setLanguageByHand: (value: boolean) => void;
  setTheme: (theme: TTheme) => void;
  toggleTheme: () => void;
  setThirdPartyMessaging: (value: boolean) => void;
};

/**
 * The first of the browser's languages that Rounds has (navigator.languages, most preferred first), English
 * when none is: a fresh browser in French gets the French login page. A language chosen on this device
 * (stored below) wins over it.
 */
export function browserLanguage(languages: readonly string[] = globalThis.navigator?.languages ?? []): TLanguage {
  return firstKnownLanguage(languages);
}

/** Kept in localStorage (PREFERENCES_STORAGE_KEY): the language and theme are the device's, chosen before anyone logs in. */
export const usePreferences = create<TPreferencesState>()(
  persist(
    (set, get) => ({
      language: browserLanguage(),
      theme: 'light',
      thirdPartyMessaging: false,
      languageByHand: false,
      setLanguage: (language) => set({ language }),
      chooseLanguage: (language) => set({ language, languageByHand: true }),
      setLanguageByHand: (languageByHand) => set({ languageByHand }),
      setTheme: (theme) => set({ theme }),
      toggleTheme: () => set({ theme: get().theme === 'dark' ? 'light' : 'dark' }),
      setThirdPartyMessaging: (thirdPartyMessaging) => set({ thirdPartyMessaging }),
    }),
    {
      name: PREFERENCES_STORAGE_KEY,
      version: PREFERENCES_VERSION,
      storage: persistStorage('local'),
      partialize: ({ language, theme, thirdPartyMessaging, languageByHand }) => ({
        language,
        theme,
        thirdPartyMessaging,
        languageByHand,
      }),
      // A hand-edited or older value must not put the app in a language or theme it does not have.
      merge: (persisted, current) => {
        const stored = (persisted ?? {}) as Partial<
          Record<'language' | 'theme' | 'thirdPartyMessaging' | 'languageByHand', unknown>
        >;
        const theme = THEMES.find((value) => value === stored.theme);
        return {
          ...current,
          language: typeof stored.language === 'string' ? toLanguage(stored.language) : current.language,
          theme: theme ?? current.theme,
          thirdPartyMessaging: stored.thirdPartyMessaging === true,
          languageByHand: stored.languageByHand === true,
        };
      },
    },
  ),
);

/**
 * The server sends the guest pages already rendered, in the language of this cookie when there is one
 * (contracts/first-paint.ts): it says which language the app shows here, so the page that arrives is the page
 * the app then draws. Written only once the language is stored on this device; before that, both sides read
 * the browser's languages.
 */
function writeLanguageCookie(language: TLanguage): void {
  if (typeof document === 'undefined') return;
  // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is asynchronous and missing from some browsers the wards use
  document.cookie = languageCookie(language);
}

// localStorage hydration is synchronous, so this runs before the first render: no flash of English.
applyLanguage(usePreferences.getState().language);
if (readItem('local', PREFERENCES_STORAGE_KEY) !== null) writeLanguageCookie(usePreferences.getState().language);
usePreferences.subscribe((state, previous) => {
  if (state.language !== previous.language) {
    applyLanguage(state.language);
    writeLanguageCookie(state.language);
  }
});
