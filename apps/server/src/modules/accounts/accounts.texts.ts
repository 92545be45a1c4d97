import { defineTexts, type KeysOf } from '../../lib/texts';
import entries from './accounts.texts.json';

/** The server's texts of the own account, in en and fr (lib/texts.ts: the mechanism). */
export const ACCOUNTS_TEXTS = defineTexts(entries);

declare module '../../lib/texts' {
  interface ServerTexts extends KeysOf<typeof ACCOUNTS_TEXTS> {}
}
