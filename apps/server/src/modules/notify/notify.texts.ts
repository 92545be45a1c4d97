import type { TLanguage } from '@rounds/contracts/common';
import templates from './notify.templates.json';

/**
 * Email and SMS texts (notify.templates.json, data as the other domains' texts are): the product name and the
 * code or link, never message content. A priority message's SMS names who sent it and the link, never the text
 * (an SMS is not a secure channel); set-password is for an account an administrator created: the link opens
 * /set-password with the token (no code to type).
 */
export type NotifyTemplate = keyof typeof templates;
const T: Record<NotifyTemplate, Record<TLanguage, { subject: string; text: string }>> = templates;

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
