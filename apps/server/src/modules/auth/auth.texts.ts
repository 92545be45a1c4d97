import { defineTexts, type KeysOf } from '../../lib/texts';
import entries from './auth.texts.json';

/** The server's texts of signing in, registering, codes and recovery, in en and fr (lib/texts.ts: the mechanism). */
export const AUTH_TEXTS = defineTexts(entries);

declare module '../../lib/texts' {
  interface ServerTexts extends KeysOf<typeof AUTH_TEXTS> {}
}
