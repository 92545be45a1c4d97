import { describe, expect, it } from 'vitest';
import { i18n } from './i18n';
import { usePreferences } from './preferences-store';

describe('preferences', () => {
  it('defaults to English and the light theme', () => {
    expect(usePreferences.getState()).toMatchObject({ language: 'en', theme: 'light' });
    expect(i18n.language).toBe('en');
  });

  it('changing the language switches the translations', () => {
    usePreferences.getState().setLanguage('fr');
    expect(i18n.language).toBe('fr');
    expect(i18n.t('offline.title')).toBe('Connexion perdue');
    usePreferences.getState().setLanguage('en');
    expect(i18n.t('offline.title')).toBe('Connection Lost');
  });

  it('toggles the theme', () => {
    usePreferences.getState().toggleTheme();
    expect(usePreferences.getState().theme).toBe('dark');
    usePreferences.getState().toggleTheme();
    expect(usePreferences.getState().theme).toBe('light');
  });
});
