import { defineTexts, type KeysOf } from '../../lib/texts';

/** The server's texts of the reference lists, in en and fr (lib/texts.ts: the mechanism). */
export const REFERENCE_TEXTS = defineTexts({
  adminOnlyClassification: {
    en: 'Only an Admin can change this classification.',
    fr: 'Seul un administrateur peut modifier cette classification.',
  },
  itemNotFound: { en: 'Item not found.', fr: 'Élément introuvable.' },
  noSuchItem: { en: 'unknown item', fr: 'élément inconnu' },
  duplicateName: { en: 'An item with this name already exists.', fr: 'Un élément portant ce nom existe déjà.' },
});

declare module '../../lib/texts' {
  interface ServerTexts extends KeysOf<typeof REFERENCE_TEXTS> {}
}
