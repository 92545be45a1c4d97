import { defineTexts, type KeysOf } from '../../lib/texts';

/** The server's texts of retention, legal hold and break-glass access, in en and fr (lib/texts.ts: the mechanism). */
export const COMPLIANCE_TEXTS = defineTexts({
  holdNotFound: { en: 'This legal hold does not exist.', fr: 'Cette conservation légale n’existe pas.' },
  holdTargetNotFound: {
    en: 'This person or conversation does not exist.',
    fr: 'Cette personne ou cette conversation n’existe pas.',
  },
  holdReleased: {
    en: 'This legal hold was already released.',
    fr: 'Cette conservation légale a déjà été levée.',
  },
  breakGlassRequired: {
    en: 'You have no break-glass access to this conversation, or it has ended.',
    fr: 'Vous n’avez pas d’accès bris de glace à cette conversation, ou il a pris fin.',
  },
  breakGlassMember: {
    en: 'You are a member of this conversation: open it from Recent.',
    fr: 'Vous êtes membre de cette conversation : ouvrez-la depuis Récents.',
  },
  breakGlassLive: {
    en: 'Your break-glass access to this conversation is already open.',
    fr: 'Votre accès bris de glace à cette conversation est déjà ouvert.',
  },
  exportTargetNotFound: {
    en: 'This person or conversation does not exist.',
    fr: 'Cette personne ou cette conversation n’existe pas.',
  },
  exportLinkNotFound: {
    en: 'This export link has expired or was already used. Start the export again.',
    fr: 'Ce lien d’export a expiré ou a déjà servi. Relancez l’export.',
  },
});

declare module '../../lib/texts' {
  interface ServerTexts extends KeysOf<typeof COMPLIANCE_TEXTS> {}
}
