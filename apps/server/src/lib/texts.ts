import type { TLanguage } from '@rounds/contracts/common';

/**
 * Server texts shown to users, in the request's language: one table keyed by identifier (issue 13). Throw
 * sites name a key (lib/errors.ts AppError), rendered in the reader's language by the error handler and the
 * socket handler. This file holds the mechanism and the texts no domain owns (the spec's form error keys of
 * packages/contracts/src/validation.ts, the generic refusals); each domain's texts are beside its module
 * (modules/<domain>/<domain>.texts.ts, written with defineTexts) and join the table when src/texts.ts loads
 * them, which app.ts does before anything renders.
 */
export type TextEntries = Record<string, Record<TLanguage, string>>;

/**
 * The keys of the whole table. An interface, not a type, because each domain's texts file adds its keys to it
 * (declaration merging: `declare module '../../lib/texts' { interface ServerTexts extends KeysOf<...> {} }`).
 */
export interface ServerTexts extends KeysOf<typeof LIB_TEXTS> {}
export type KeysOf<T extends TextEntries> = { [K in keyof T]: true };

const TABLE: Record<string, Record<TLanguage, string>> = {};

/** Adds a domain's texts to the table (a key defined twice is a mistake: it stops the start). */
export function defineTexts<const T extends TextEntries>(texts: T): T {
  for (const [key, value] of Object.entries(texts)) {
    if (Object.hasOwn(TABLE, key) && TABLE[key] !== value) throw new Error(`Server text ${key} is defined twice`);
    TABLE[key] = value;
  }
  return texts;
}

const LIB_TEXTS = defineTexts({
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
  control_characters: { en: 'contains control characters', fr: 'contient des caractères de contrôle' },
  sessionExpired: {
    en: 'Your session has expired. Please log in again.',
    fr: 'Votre session a expiré. Veuillez vous reconnecter.',
  },
  forbidden: { en: 'You are not allowed to do this.', fr: "Vous n'êtes pas autorisé à faire cela." },
  // The rate limiters' text (plugins/security.ts for REST, realtime/socket-handler.ts for socket events).
  rateLimited: {
    en: 'Too many requests, please try again in {s} seconds.',
    fr: 'Trop de requêtes, veuillez réessayer dans {s} secondes.',
  },
  retry: { en: 'Something went wrong, please try again.', fr: 'Une erreur s’est produite, veuillez réessayer.' },
  notFound: { en: 'Not found', fr: 'Introuvable' },
  nulCharacter: {
    en: 'must not contain the NUL character',
    fr: 'ne doit pas contenir le caractère NUL',
  },
  'banner.max_length': {
    en: 'The banner text must be at most 500 characters',
    fr: 'Le texte de la bannière doit contenir au plus 500 caractères',
  },
  timeoutNotNumber: {
    en: 'Input value should be a number.',
    fr: 'La valeur saisie doit être un nombre.',
  },
  timeoutBelowZero: {
    en: 'Input value should not be less than 0.',
    fr: 'La valeur saisie ne doit pas être inférieure à 0.',
  },
  timeoutAboveMax: {
    en: 'Input value should not be greater than 100000.',
    fr: 'La valeur saisie ne doit pas être supérieure à 100000.',
  },
  invalidId: { en: 'invalid id', fr: 'identifiant invalide' },
  singleValue: { en: 'only one value is allowed', fr: 'une seule valeur est permise' },
  // Issue 13: texts thrown in English only before every text had a key.
  unauthorized: { en: 'Unauthorized', fr: 'Non autorisé' },
  routeNotFound: { en: 'Route {method} {path} not found', fr: 'Route {method} {path} introuvable' },
  isInvalid: { en: 'is invalid', fr: 'est invalide' },
  notValidMultipart: { en: 'not valid multipart/form-data', fr: 'n’est pas un multipart/form-data valide' },
  multipartBoundaryTooLong: {
    en: 'the multipart boundary is longer than 70 characters',
    fr: 'la limite multipart dépasse 70 caractères',
  },
  mustBeOneOf: { en: 'must be one of {values}', fr: 'doit être l’une des valeurs {values}' },
  tooManySocketsForUser: {
    en: 'Rounds is open in too many tabs and devices on your account. Close a few and this one will connect.',
    fr: 'Rounds est ouvert dans trop d’onglets et d’appareils sur votre compte. Fermez-en quelques-uns et celui-ci se connectera.',
  },
  tooManySocketsFromAddress: {
    en: 'Too many connections from your network. Please try again in a moment.',
    fr: 'Trop de connexions depuis votre réseau. Veuillez réessayer dans un instant.',
  },
});

/** Every key: an identifier (camelCase) or one of the spec's form error keys, never an English sentence. */
export type TextKey = keyof ServerTexts & string;
export type TextVars = Record<string, string | number>;

/** Exported for the table's own test (every key has en and fr, none is a sentence). */
export const TEXT_TABLE: Readonly<Record<string, Record<TLanguage, string>>> = TABLE;

export function isTextKey(key: string): key is TextKey {
  return Object.hasOwn(TABLE, key);
}

/** The text of a key in a language, its {placeholders} filled from vars. */
export function text(key: TextKey, lang: TLanguage, vars: TextVars = {}): string {
  const entry = TABLE[key];
  if (!entry) throw new Error(`Server text ${key} is not loaded (src/texts.ts loads every domain's)`);
  return entry[lang].replace(/\{(\w+)\}/g, (_, name: string) => String(vars[name] ?? `{${name}}`));
}

/**
 * A zod issue's message in a language. Our schemas give keys (packages/contracts/src/validation.ts MSG and the
 * keys above); zod's own defaults ("Invalid input…") have none and are shown as zod wrote them.
 */
export function issueText(message: string | undefined, lang: TLanguage): string {
  if (message === undefined) return text('isInvalid', lang);
  return isTextKey(message) ? text(message, lang) : message;
}
