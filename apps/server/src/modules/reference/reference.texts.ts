import { defineTexts, type KeysOf } from '../../lib/texts';
import entries from './reference.texts.json';

/** The server's texts of the reference lists, in en and fr (lib/texts.ts: the mechanism). */
export const REFERENCE_TEXTS = defineTexts(entries);

declare module '../../lib/texts' {
  interface ServerTexts extends KeysOf<typeof REFERENCE_TEXTS> {}
}
