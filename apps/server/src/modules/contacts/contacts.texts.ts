import { defineTexts, type KeysOf } from '../../lib/texts';

/** The server's texts of the contact list, in en and fr (lib/texts.ts: the mechanism). */
export const CONTACTS_TEXTS = defineTexts({
  filterNameTaken: {
    en: 'You already have a saved filter with this name.',
    fr: 'Vous avez déjà un filtre enregistré portant ce nom.',
  },
});

declare module '../../lib/texts' {
  interface ServerTexts extends KeysOf<typeof CONTACTS_TEXTS> {}
}
