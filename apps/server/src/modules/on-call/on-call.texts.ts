import { defineTexts, type KeysOf } from '../../lib/texts';
import entries from './on-call.texts.json';

/** The server's texts of on-call duty roles, in en and fr (lib/texts.ts: the mechanism). */
export const ON_CALL_TEXTS = defineTexts(entries);

declare module '../../lib/texts' {
  interface ServerTexts extends KeysOf<typeof ON_CALL_TEXTS> {}
}
