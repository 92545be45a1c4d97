import { defineTexts, type KeysOf } from '../../lib/texts';
import entries from './users.texts.json';

/** The server's texts of the user core (emails, administrators' scope), in en and fr (lib/texts.ts: the mechanism). */
export const USERS_TEXTS = defineTexts(entries);

declare module '../../lib/texts' {
  interface ServerTexts extends KeysOf<typeof USERS_TEXTS> {}
}
