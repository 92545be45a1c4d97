import { defineTexts, type KeysOf } from '../../lib/texts';

/** The server's texts of multi-factor sign-in, in en and fr (lib/texts.ts: the mechanism). */
export const MFA_TEXTS = defineTexts({
  mfaRequired: {
    en: 'Enter the code from your authenticator app.',
    fr: 'Saisissez le code de votre application d’authentification.',
  },
  mfaEnrolmentRequired: {
    en: 'Your hospital requires a second factor. Set up an authenticator app to continue.',
    fr: 'Votre établissement exige un second facteur. Configurez une application d’authentification pour continuer.',
  },
  mfaInvalidToken: {
    en: 'This sign-in has expired. Please sign in again.',
    fr: 'Cette connexion a expiré. Veuillez vous reconnecter.',
  },
  mfaInvalidCode: {
    en: 'This code is not right. Check the time on your phone and try the newest code.',
    fr: 'Ce code est incorrect. Vérifiez l’heure de votre téléphone et essayez le code le plus récent.',
  },
  mfaFactorNotFound: { en: 'This factor does not exist.', fr: 'Ce facteur n’existe pas.' },
  mfaEnrolmentExpired: {
    en: 'This setup has expired. Please start again.',
    fr: 'Cette configuration a expiré. Veuillez recommencer.',
  },
  mfaLastFactorRequired: {
    en: 'Your hospital requires a second factor: add another before removing this one.',
    fr: 'Votre établissement exige un second facteur : ajoutez-en un autre avant de supprimer celui-ci.',
  },
  mfaNoFactor: {
    en: 'Add an authenticator app first.',
    fr: 'Ajoutez d’abord une application d’authentification.',
  },
  mfaNoPasskey: {
    en: 'This account has no passkey. Enter a code instead.',
    fr: 'Ce compte n’a pas de clé d’accès. Saisissez plutôt un code.',
  },
  passkeyChallengeExpired: {
    en: 'This passkey request has expired. Please try again.',
    fr: 'Cette demande de clé d’accès a expiré. Veuillez réessayer.',
  },
  passkeyRefused: {
    en: 'This passkey could not be verified. Please try again.',
    fr: 'Cette clé d’accès n’a pas pu être vérifiée. Veuillez réessayer.',
  },
  passkeyUnknown: {
    en: 'This passkey is not registered with Rounds. Sign in with your password instead.',
    fr: 'Cette clé d’accès n’est pas enregistrée dans Rounds. Connectez-vous plutôt avec votre mot de passe.',
  },
  passkeyExists: {
    en: 'This passkey is already registered.',
    fr: 'Cette clé d’accès est déjà enregistrée.',
  },
});

declare module '../../lib/texts' {
  interface ServerTexts extends KeysOf<typeof MFA_TEXTS> {}
}
