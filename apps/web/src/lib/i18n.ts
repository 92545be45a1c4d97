import type { TLanguage } from '@rounds/contracts/common';
import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import enContacts from '../locales/en/contacts.json';
import enGroups from '../locales/en/groups.json';
import en from '../locales/en.json';
import frContacts from '../locales/fr/contacts.json';
import frGroups from '../locales/fr/groups.json';
import fr from '../locales/fr.json';

export const resources = {
  // A feature's texts live in their own namespace file (locales/<lang>/<feature>.json): useTranslation('contacts').
  en: { translation: en, contacts: enContacts, groups: enGroups },
  fr: { translation: fr, contacts: frContacts, groups: frGroups },
} as const;

// Both catalogues are small and bundled, so initialisation is synchronous: the first render already has
// the right texts and no suspense boundary is needed for translations.
void i18n.use(initReactI18next).init({
  resources,
  lng: 'en',
  fallbackLng: 'en',
  supportedLngs: ['en', 'fr'],
  initAsync: false,
  interpolation: { escapeValue: false }, // React escapes already
  returnNull: false,
  showSupportNotice: false, // keeps clinicians' consoles (and e2e logs) free of advertising
});

/** Switches texts and the document language together (screen readers and e2e read <html lang>). */
export function applyLanguage(language: TLanguage): void {
  if (i18n.language !== language) void i18n.changeLanguage(language);
  if (typeof document !== 'undefined') document.documentElement.lang = language;
}

export { i18n };
