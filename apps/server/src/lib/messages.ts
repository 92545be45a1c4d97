import type { TLanguage } from '@rounds/contracts/common';

/**
 * Server texts shown to users, in the request's language. Keys of validation issues are the spec's form
 * error keys (packages/contracts/src/validation.ts).
 */
const TEXTS = {
  Required: { en: 'Required', fr: 'Obligatoire' },
  invalid_email: { en: 'Invalid email address', fr: 'Adresse e-mail invalide' },
  'auth.err_pass_lent': {
    en: 'Password must be at least 6 characters long',
    fr: 'Le mot de passe doit contenir au moins 6 caractères',
  },
  'auth.err_pass_num': { en: 'Password must contain a number', fr: 'Le mot de passe doit contenir un chiffre' },
  'auth.err_pass_uppercase': {
    en: 'Password must contain an uppercase letter',
    fr: 'Le mot de passe doit contenir une majuscule',
  },
  'auth.err_password_lower': {
    en: 'Password must contain a lowercase letter',
    fr: 'Le mot de passe doit contenir une minuscule',
  },
  'auth.err_pass_too_long': {
    en: 'Password must be at most 256 characters long',
    fr: 'Le mot de passe doit contenir au plus 256 caractères',
  },
  'auth.mismatch': { en: "Doesn't match with password", fr: 'Ne correspond pas au mot de passe' },
  'auth.err_phone_format': {
    en: 'Please enter your phone number in the following format: +1234567890',
    fr: 'Veuillez saisir votre numéro au format suivant : +1234567890',
  },
  'auth.min_value_is_1': { en: 'Minimal value is 1.', fr: 'La valeur minimale est 1.' },
  'auth.max_value': {
    en: 'Input value should not be greater than 100000.',
    fr: 'La valeur ne doit pas dépasser 100000.',
  },
  'auth.err_code_format': { en: 'The code has 6 digits', fr: 'Le code comporte 6 chiffres' },
  invalidCredentials: { en: 'Incorrect username or password.', fr: "Nom d'utilisateur ou mot de passe incorrect." },
  accountLocked: {
    en: 'Too many failed attempts. Your account is locked for {m} minutes.',
    fr: 'Trop de tentatives échouées. Votre compte est verrouillé pendant {m} minutes.',
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
  emailTaken: { en: 'This email is already registered.', fr: 'Cette adresse e-mail est déjà enregistrée.' },
  invalidTempToken: {
    en: 'Your verification session has expired. Please log in again.',
    fr: 'Votre session de vérification a expiré. Veuillez vous reconnecter.',
  },
  sessionExpired: {
    en: 'Your session has expired. Please log in again.',
    fr: 'Votre session a expiré. Veuillez vous reconnecter.',
  },
  resetSent: {
    en: 'If this email is registered, a reset code has been sent to it.',
    fr: 'Si cette adresse est enregistrée, un code de réinitialisation y a été envoyé.',
  },
  invalidResetToken: {
    en: 'This reset code is invalid or has expired.',
    fr: 'Ce code de réinitialisation est invalide ou a expiré.',
  },
  passwordUpdated: { en: 'Password has been updated', fr: 'Le mot de passe a été mis à jour' },
  wrongCurrentPassword: { en: 'The current password is incorrect.', fr: 'Le mot de passe actuel est incorrect.' },
  loggedOut: { en: 'You have been logged out.', fr: 'Vous avez été déconnecté.' },
  forbidden: { en: 'You are not allowed to do this.', fr: "Vous n'êtes pas autorisé à faire cela." },
  unknownItem: { en: 'Unknown item', fr: 'Élément inconnu' },
} as const satisfies Record<string, Record<TLanguage, string>>;

export type TextKey = keyof typeof TEXTS;

export function text(key: string, lang: TLanguage, vars: Record<string, string | number> = {}): string {
  const entry = (TEXTS as Record<string, Record<TLanguage, string>>)[key];
  const template = entry ? entry[lang] : key;
  return template.replace(/\{(\w+)\}/g, (_, name: string) => String(vars[name] ?? `{${name}}`));
}
