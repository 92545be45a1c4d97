import { defineTexts, type KeysOf } from '../../lib/texts';

/** The server's texts of call refusals (calls.service.ts REFUSAL_TEXTS), in en and fr (lib/texts.ts: the mechanism). */
export const CALLS_TEXTS = defineTexts({
  // Calls (modules/calls): refusals of call events (calls.service.ts REFUSAL_TEXTS).
  callBusyElsewhere: {
    en: 'You are currently in the call in this chat room with another device.',
    fr: 'Vous êtes déjà dans l’appel de cette conversation sur un autre appareil.',
  },
  'chat.err_one_user_share': {
    en: 'Only one person can share their screen at a time.',
    fr: 'Une seule personne à la fois peut partager son écran.',
  },
  callNoPermission: {
    en: 'You do not have permission for this call.',
    fr: 'Vous n’avez pas l’autorisation pour cet appel.',
  },
  callEnded: { en: 'This call has ended.', fr: 'Cet appel est terminé.' },
  callFull: {
    en: 'This call is full: at most {n} people can take part.',
    fr: 'Cet appel est complet : {n} personnes au plus peuvent y participer.',
  },
  notInCall: { en: 'You are not in this call.', fr: 'Vous ne participez pas à cet appel.' },
  mediaUnavailable: {
    en: 'The media server cannot be reached right now. Try again in a moment.',
    fr: 'Le serveur multimédia est injoignable pour le moment. Réessayez dans un instant.',
  },
  mediaFailed: {
    en: 'The media server refused this step of the call. Try again.',
    fr: 'Le serveur multimédia a refusé cette étape de l’appel. Réessayez.',
  },
  callContactUnavailable: {
    en: 'Contact is not available for this call.',
    fr: 'Le contact n’est pas disponible pour cet appel.',
  },
  callOngoing: {
    en: 'A call is already going on in this conversation: join it from the call bar.',
    fr: 'Un appel est déjà en cours dans cette conversation : rejoignez-le depuis la barre d’appel.',
  },
});

declare module '../../lib/texts' {
  interface ServerTexts extends KeysOf<typeof CALLS_TEXTS> {}
}
