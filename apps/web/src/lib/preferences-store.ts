import { THEMES, type TLanguage, type TTheme, toLanguage } from '@rounds/contracts/common';
import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';
import { readItem, removeItem, writeItem } from './browser-storage';
import { applyLanguage } from './i18n';

type TPreferencesState = {
  language: TLanguage;
  theme: TTheme;
  setLanguage: (language: TLanguage) => void;
  setTheme: (theme: TTheme) => void;
  toggleTheme: () => void;
};

/** Kept in localStorage: the language and theme are the device's, chosen before anyone logs in. */
export const PREFERENCES_STORAGE_KEY = 'rounds.preferences';

export const usePreferences = create<TPreferencesState>()(
  persist(
    (set, get) => ({
      language: 'en',
      theme: 'light',
      setLanguage: (language) => set({ language }),
      setTheme: (theme) => set({ theme }),
      toggleTheme: () => set({ theme: get().theme === 'dark' ? 'light' : 'dark' }),
    }),
    {
      name: PREFERENCES_STORAGE_KEY,
      version: 1,
      storage: createJSONStorage(() => ({
        getItem: (key) => readItem('local', key),
        setItem: (key, value) => writeItem('local', key, value),
        removeItem: (key) => removeItem('local', key),
      })),
      partialize: ({ language, theme }) => ({ language, theme }),
      // A hand-edited or older value must not put the app in a language or theme it does not have.
      merge: (persisted, current) => {
        const stored = (persisted ?? {}) as Partial<Record<'language' | 'theme', unknown>>;
        const theme = THEMES.find((value) => value === stored.theme);
        return {
          ...current,
          language: typeof stored.language === 'string' ? toLanguage(stored.language) : current.language,
          theme: theme ?? current.theme,
        };
      },
    },
  ),
);

// localStorage hydration is synchronous, so this runs before the first render: no flash of English.
applyLanguage(usePreferences.getState().language);
usePreferences.subscribe((state, previous) => {
  if (state.language !== previous.language) applyLanguage(state.language);
});
