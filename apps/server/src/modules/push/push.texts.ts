import { defineTexts, type KeysOf } from '../../lib/texts';
import entries from './push.texts.json';

/**
 * The server's texts of Web Push, in en and fr (lib/texts.ts: the mechanism): what a notification says, by the
 * Admin's content level (push.rules.ts).
 */
export const PUSH_TEXTS = defineTexts(entries);

declare module '../../lib/texts' {
  interface ServerTexts extends KeysOf<typeof PUSH_TEXTS> {}
}
