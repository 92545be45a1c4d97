import { defineTexts, type KeysOf } from '../../lib/texts';

/** The server's texts of Web Push, in en and fr (lib/texts.ts: the mechanism). */
export const PUSH_TEXTS = defineTexts({
  // What a notification says, by the Admin's content level (push.rules.ts).
  pushNewMessage: { en: 'New message', fr: 'Nouveau message' },
  pushImportantMessage: { en: 'Important message', fr: 'Message important' },
  pushUrgentMessage: { en: 'URGENT message', fr: 'Message URGENT' },
  pushUrgentFrom: { en: 'URGENT: {sender}', fr: 'URGENT : {sender}' },
  pushImportantFrom: { en: 'Important: {sender}', fr: 'Important : {sender}' },
  pushInRoom: { en: 'In {room}', fr: 'Dans {room}' },
  pushOpenToRead: { en: 'Open Rounds to read it.', fr: 'Ouvrez Rounds pour le lire.' },
  pushOpenToAcknowledge: {
    en: 'Open Rounds to read and acknowledge it.',
    fr: 'Ouvrez Rounds pour le lire et en accuser réception.',
  },
  pushAttachment: { en: 'Sent an attachment', fr: 'A envoyé une pièce jointe' },
  pushVoice: { en: 'Voice message', fr: 'Message vocal' },
  pushStillWaiting: {
    en: 'Still waiting for your acknowledgement ({count} of {max})',
    fr: 'Attend toujours votre accusé de réception ({count} sur {max})',
  },
  pushStillWaitingFrom: {
    en: '{sender} is still waiting for your acknowledgement ({count} of {max})',
    fr: '{sender} attend toujours votre accusé de réception ({count} sur {max})',
  },
  pushReminderTitle: { en: 'URGENT reminder', fr: 'Rappel URGENT' },
  pushIncomingCall: { en: 'Incoming call', fr: 'Appel entrant' },
  pushCallFrom: { en: '{caller} is calling', fr: '{caller} vous appelle' },
  pushCallEnded: { en: 'Call ended', fr: 'Appel terminé' },
  pushTestTitle: { en: 'Rounds notifications work', fr: 'Les notifications Rounds fonctionnent' },
  pushTestBody: {
    en: 'This device will be notified of new messages and calls.',
    fr: 'Cet appareil sera averti des nouveaux messages et appels.',
  },
  pushEndpointNotAllowed: {
    en: 'must be an https address of a known push service',
    fr: 'doit être une adresse https d’un service de notifications connu',
  },
  pushKeyNotP256: {
    en: 'must be the base64url P-256 public key',
    fr: 'doit être la clé publique P-256 en base64url',
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
