import type { TLanguage } from '@rounds/contracts/common';
import entries from './texts.json';

/**
 * Server texts shown to users, in the request's language: one table keyed by identifier (issue 13). Throw
 * sites name a key (lib/errors.ts AppError), rendered in the reader's language by the error handler and the
 * socket handler. This file holds the mechanism and the texts no domain owns (the spec's form error keys of
 * packages/contracts/src/validation.ts, the generic refusals, in texts.json); each domain's texts are data
 * beside its module (modules/<domain>/<domain>.texts.json, as the web's locales are JSON), registered by its
 * <domain>.texts.ts with defineTexts, and join the table when src/texts.ts loads them, which app.ts does before
 * anything renders. Texts that reuse the contract's own English (chat) stay in TypeScript.
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

/**
 * The texts of no one domain (texts.json): the spec's form errors, the rate limiters' text (plugins/security.ts
 * for REST, realtime/socket-handler.ts for socket events), and texts once thrown in English only (issue 13).
 */
const LIB_TEXTS = defineTexts(entries);

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
