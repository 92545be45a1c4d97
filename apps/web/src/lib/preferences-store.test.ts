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

  it('marks a language chosen by hand, keeps the mark across a reload, and clears it on request', () => {
    expect(usePreferences.getState().languageByHand).toBe(false);
    usePreferences.getState().chooseLanguage('fr');
    expect(usePreferences.getState()).toMatchObject({ language: 'fr', languageByHand: true });
    // What a reload reads back (node has no localStorage: the store's own merge of a stored value).
    const merge = usePreferences.persist.getOptions().merge!;
    const stored = JSON.parse(
      JSON.stringify(usePreferences.persist.getOptions().partialize!(usePreferences.getState())),
    );
    expect(merge(stored, usePreferences.getInitialState())).toMatchObject({ language: 'fr', languageByHand: true });
    expect(merge({ languageByHand: 'yes' }, usePreferences.getInitialState())).toMatchObject({ languageByHand: false });
    usePreferences.getState().setLanguageByHand(false);
    usePreferences.getState().setLanguage('en');
    expect(usePreferences.getState()).toMatchObject({ language: 'en', languageByHand: false });
  });
});
