import type { TLanguage } from '@rounds/contracts/common';

/** Email and SMS texts: the product name and the code or link, never message content. */
export type NotifyTemplate =
  | 'verify-email'
  | 'verify-phone'
  | 'reset-password'
  | 'set-password'
  | 'update-phone'
  | 'update-email'
  | 'priority-important'
  | 'priority-urgent'
  | 'priority-reminder';

const T: Record<NotifyTemplate, Record<TLanguage, { subject: string; text: string }>> = {
  'verify-email': {
    en: {
      subject: 'Your Rounds verification code',
      text: 'Your Rounds verification code is {code}. It is valid for 10 minutes.',
    },
    fr: {
      subject: 'Votre code de vérification Rounds',
      text: 'Votre code de vérification Rounds est {code}. Il est valable 10 minutes.',
    },
  },
  'update-email': {
    en: {
      subject: 'Confirm your new Rounds email',
      text: 'Your Rounds verification code is {code}. It is valid for 10 minutes.',
    },
    fr: {
      subject: 'Confirmez votre nouvelle adresse Rounds',
      text: 'Votre code de vérification Rounds est {code}. Il est valable 10 minutes.',
    },
  },
  'verify-phone': {
    en: { subject: '', text: 'Rounds: your verification code is {code}' },
    fr: { subject: '', text: 'Rounds : votre code de vérification est {code}' },
  },
  'update-phone': {
    en: { subject: '', text: 'Rounds: your verification code is {code}' },
    fr: { subject: '', text: 'Rounds : votre code de vérification est {code}' },
  },
  // Priority messages: who sent it and the link, never the text (an SMS is not a secure channel).
  'priority-important': {
    en: { subject: '', text: 'Rounds: {sender} sent you an important message. Open it: {link}' },
    fr: { subject: '', text: 'Rounds : {sender} vous a envoyé un message important. Ouvrez-le : {link}' },
  },
  'priority-urgent': {
    en: { subject: '', text: 'Rounds: {sender} sent you an URGENT message. Open it: {link}' },
    fr: { subject: '', text: 'Rounds : {sender} vous a envoyé un message URGENT. Ouvrez-le : {link}' },
  },
  'priority-reminder': {
    en: {
      subject: '',
      text: 'Rounds: reminder, the URGENT message from {sender} still needs your acknowledgement: {link}',
    },
    fr: {
      subject: '',
      text: 'Rounds : rappel, le message URGENT de {sender} attend toujours votre accusé de réception : {link}',
    },
  },
  'reset-password': {
    en: {
      subject: 'Reset your Rounds password',
      text: 'Your Rounds password reset code is {code}. It is valid for 30 minutes. If you did not ask for it, ignore this email.',
    },
    fr: {
      subject: 'Réinitialisez votre mot de passe Rounds',
      text: "Votre code de réinitialisation Rounds est {code}. Il est valable 30 minutes. Si vous ne l'avez pas demandé, ignorez cet e-mail.",
    },
  },
  // An account an administrator created: the link opens /set-password with the token (no code to type).
  'set-password': {
    en: {
      subject: 'Your Rounds account',
      text: 'An administrator created your Rounds account. Choose your password here: {link} The link is valid for 7 days.',
    },
    fr: {
      subject: 'Votre compte Rounds',
      text: 'Un administrateur a créé votre compte Rounds. Choisissez votre mot de passe ici : {link} Le lien est valable 7 jours.',
    },
  },
};

/** Longest name put into a text: enough for a real name, too short to carry a sentence. */
export const NOTIFY_NAME_MAX = 32;

/**
 * A person's name as it may appear in an SMS or email: a display name is chosen by its owner, so it must not
 * read as our words ('IT Security: your account is locked, verify at https://…' was delivered). Links,
 * domains, control and bidirectional characters and punctuation that builds sentences are removed; what is
 * left is shortened. Letters of every script, digits, spaces, hyphens, apostrophes and dots between words stay.
 */
export function neutralizeName(name: string, max = NOTIFY_NAME_MAX): string {
  const cleaned = name
    .normalize('NFKC')
    .replace(/[\p{Cc}\p{Cf}\p{Zl}\p{Zp}]/gu, ' ')
    .replace(/[a-z][a-z0-9+.-]*:\/\/\S*/giu, ' ')
    .replace(/\bwww\.\S*/giu, ' ')
    // A dot that joins two words (evil.example) would still read as a domain.
    .replace(/\.(?=[\p{L}\p{N}])/gu, ' ')
    .replace(/[^\p{L}\p{M}\p{N}\s.'’-]/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  const short = cleaned.length > max ? `${cleaned.slice(0, max - 1).trimEnd()}…` : cleaned;
  return short || '?';
}

/** Our own link, and only as a plain http(s) URL: anything else is left out rather than delivered. */
export function neutralizeLink(link: string): string {
  try {
    const url = new URL(link);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.href : '';
  } catch {
    return '';
  }
}

/** Each variable is made safe by what it is: names neutralized, links checked, codes kept to their alphabet. */
const NEUTRALIZE: Record<string, (value: string) => string> = {
  sender: (v) => neutralizeName(v),
  link: neutralizeLink,
  code: (v) => v.replace(/[^A-Z0-9]/gi, ''),
};

export function renderNotify(template: NotifyTemplate, lang: TLanguage, vars: Record<string, string>) {
  const t = T[template][lang];
  const value = (k: string) => {
    const v = vars[k] ?? '';
    return (NEUTRALIZE[k] ?? neutralizeName)(v);
  };
  const fill = (s: string) => s.replace(/\{(\w+)\}/g, (_, k: string) => value(k));
  return { subject: fill(t.subject), text: fill(t.text) };
}
