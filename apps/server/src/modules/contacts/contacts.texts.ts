import { defineTexts, type KeysOf } from '../../lib/texts';

/** The server's texts of the contact list, in en and fr (lib/texts.ts: the mechanism). */
export const CONTACTS_TEXTS = defineTexts({
  filterNameTaken: {
    en: 'You already have a saved filter with this name.',
    fr: 'Vous avez déjà un filtre enregistré portant ce nom.',
  },
  noRecipients: {
    en: 'this filter finds nobody who can be messaged',
    fr: 'ce filtre ne trouve personne à qui écrire',
  },
  nobodyOnShift: {
    en: 'nobody this filter finds is on shift now',
    fr: 'aucune des personnes de ce filtre n’est de garde en ce moment',
  },
  tooManyRecipients: {
    en: 'This filter finds {count} people; a group holds at most {max} besides you. Narrow the filter.',
    fr: 'Ce filtre trouve {count} personnes ; un groupe en compte au plus {max} en plus de vous. Affinez le filtre.',
  },
});

declare module '../../lib/texts' {
  interface ServerTexts extends KeysOf<typeof CONTACTS_TEXTS> {}
}
