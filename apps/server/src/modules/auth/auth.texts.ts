import { defineTexts, type KeysOf } from '../../lib/texts';

/** The server's texts of signing in, registering, codes and recovery, in en and fr (lib/texts.ts: the mechanism). */
export const AUTH_TEXTS = defineTexts({
  invalidCredentials: { en: 'Incorrect username or password.', fr: "Nom d'utilisateur ou mot de passe incorrect." },
  loginThrottledSeconds: {
    en: 'Too many failed attempts from here. Please wait {n} seconds and try again.',
    fr: 'Trop de tentatives échouées depuis cet endroit. Veuillez patienter {n} secondes avant de réessayer.',
  },
  loginThrottledMinutes: {
    en: 'Too many failed attempts from here. Please wait {n} minutes and try again.',
    fr: 'Trop de tentatives échouées depuis cet endroit. Veuillez patienter {n} minutes avant de réessayer.',
  },
  captchaRequired: {
    en: 'Please complete the security check to sign in.',
    fr: 'Veuillez compléter la vérification de sécurité pour vous connecter.',
  },
  accountInactive: {
    en: 'Your account is inactive. Please contact your administrator.',
    fr: 'Votre compte est inactif. Veuillez contacter votre administrateur.',
  },
  emailNotVerified: { en: 'Please verify your email address.', fr: 'Veuillez vérifier votre adresse e-mail.' },
  phoneNotVerified: { en: 'Please verify your phone number.', fr: 'Veuillez vérifier votre numéro de téléphone.' },
  invalidCode: { en: 'The verification code is incorrect.', fr: 'Le code de vérification est incorrect.' },
  expiredCode: {
    en: 'The verification code has expired. Please request a new one.',
    fr: 'Le code de vérification a expiré. Veuillez en demander un nouveau.',
  },
  tooManyTries: {
    en: 'Too many wrong codes. Please request a new one.',
    fr: 'Trop de codes erronés. Veuillez en demander un nouveau.',
  },
  resendLimited: {
    en: 'Too many codes requested. Please try again in 10 minutes.',
    fr: 'Trop de codes demandés. Veuillez réessayer dans 10 minutes.',
  },
  codeSent: { en: 'Verification code sent.', fr: 'Code de vérification envoyé.' },
  alreadyVerified: { en: 'This is already verified.', fr: 'Ceci est déjà vérifié.' },
  captchaFailed: { en: 'Captcha challenge not passed!', fr: 'Captcha non validé !' },
  registrationDisabled: { en: 'Self-registration is disabled.', fr: "L'inscription libre est désactivée." },
  invalidTempToken: {
    en: 'Your verification session has expired. Please log in again.',
    fr: 'Votre session de vérification a expiré. Veuillez vous reconnecter.',
  },
  resetSent: {
    en: 'If this email is registered, a reset code has been sent to it.',
    fr: 'Si cette adresse est enregistrée, un code de réinitialisation y a été envoyé.',
  },
  invalidResetToken: {
    en: 'This reset code is invalid or has expired.',
    fr: 'Ce code de réinitialisation est invalide ou a expiré.',
  },
});

declare module '../../lib/texts' {
  interface ServerTexts extends KeysOf<typeof AUTH_TEXTS> {}
}
