import { defineTexts, type KeysOf } from '../../lib/texts';
import entries from './contacts.texts.json';

/** The server's texts of the contact list, in en and fr (lib/texts.ts: the mechanism). */
export const CONTACTS_TEXTS = defineTexts(entries);

declare module '../../lib/texts' {
  interface ServerTexts extends KeysOf<typeof CONTACTS_TEXTS> {}
}
