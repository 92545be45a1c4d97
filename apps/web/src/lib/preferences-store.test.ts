import { describe, expect, it } from 'vitest';
import { i18n } from './i18n';
import { browserLanguage, usePreferences } from './preferences-store';

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

  it('starts in the first browser language Rounds has, English otherwise', () => {
    expect(browserLanguage(['fr-FR', 'fr', 'en-US'])).toBe('fr');
    expect(browserLanguage(['de-DE', 'fr-CH', 'en'])).toBe('fr');
    expect(browserLanguage(['en-GB', 'fr'])).toBe('en');
    expect(browserLanguage(['de', 'es'])).toBe('en');
    expect(browserLanguage([])).toBe('en');
    expect(browserLanguage(['french'])).toBe('en');
  });
});
