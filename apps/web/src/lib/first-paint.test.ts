import {
  FIRST_PAINT_SCRIPT,
  LANGUAGE_COOKIE,
  PREFERENCES_STORAGE_KEY,
  pageLanguage,
} from '@rounds/contracts/first-paint';
import { beforeAll, describe, expect, it, vi } from 'vitest';

// What the browser gives the store and the inline script: node has neither, so a stand-in for each.
const stored = new Map<string, string>();
const attributes = new Map<string, string>();
const cookies: string[] = [];
const document = {
  documentElement: { setAttribute: (name: string, value: string) => attributes.set(name, value), lang: 'en' },
  addEventListener: () => undefined,
  getElementById: () => null,
  set cookie(value: string) {
    cookies.push(value);
  },
};

/** Runs the inline script as the browser runs it, before any of the app's code. */
function runFirstPaintScript(): string | undefined {
  attributes.clear();
  new Function('document', 'localStorage', FIRST_PAINT_SCRIPT)(document, {
    getItem: (key: string) => stored.get(key) ?? null,
  });
  return attributes.get('data-mantine-color-scheme');
}

let usePreferences: typeof import('./preferences-store').usePreferences;
let browserLanguage: typeof import('./preferences-store').browserLanguage;
beforeAll(async () => {
  vi.stubGlobal('localStorage', {
    getItem: (key: string) => stored.get(key) ?? null,
    setItem: (key: string, value: string) => stored.set(key, value),
    removeItem: (key: string) => stored.delete(key),
  });
  vi.stubGlobal('document', document);
  ({ usePreferences, browserLanguage } = await import('./preferences-store'));
});

describe('the first paint (contracts/first-paint.ts)', () => {
  it('sets the colour scheme the app will use, from what the preferences store keeps', () => {
    expect(runFirstPaintScript()).toBe('light');
    usePreferences.getState().setTheme('dark');
    expect(stored.has(PREFERENCES_STORAGE_KEY)).toBe(true);
    expect(runFirstPaintScript()).toBe('dark');
    usePreferences.getState().setTheme('light');
    expect(runFirstPaintScript()).toBe('light');
    stored.set(PREFERENCES_STORAGE_KEY, '{not json');
    expect(runFirstPaintScript()).toBe('light');
  });

  it('tells the server the language the app shows here, in a cookie, whenever it changes', () => {
    usePreferences.getState().chooseLanguage('fr');
    expect(cookies.at(-1)).toMatch(new RegExp(`^${LANGUAGE_COOKIE}=fr; path=/;`));
    usePreferences.getState().setLanguage('en');
    expect(cookies.at(-1)).toMatch(new RegExp(`^${LANGUAGE_COOKIE}=en; path=/;`));
  });

  it('picks the same language from Accept-Language as the app from navigator.languages', () => {
    for (const languages of [['fr-FR', 'fr', 'en-US'], ['de-DE', 'fr-CH', 'en'], ['en-GB', 'fr'], ['de', 'es'], []]) {
      expect(pageLanguage(undefined, languages.join(',')), languages.join(',')).toBe(browserLanguage(languages));
    }
  });
});
