import { defineTexts, type KeysOf } from '../../lib/texts';

/** The server's texts of Web Push, in en and fr (lib/texts.ts: the mechanism). */
export const PUSH_TEXTS = defineTexts({
  pushEndpointNotAllowed: {
    en: 'must be an https address of a known push service',
    fr: 'doit être une adresse https d’un service de notifications connu',
  },
  pushTooManyDevices: {
    en: 'Notifications are on for too many devices on your account. Remove one in Settings first.',
    fr: 'Les notifications sont activées sur trop d’appareils de votre compte. Retirez-en un dans les Paramètres.',
  },
  pushNotSubscribed: {
    en: 'Notifications are not on for this device.',
    fr: 'Les notifications ne sont pas activées sur cet appareil.',
  },
});

declare module '../../lib/texts' {
  interface ServerTexts extends KeysOf<typeof PUSH_TEXTS> {}
}
