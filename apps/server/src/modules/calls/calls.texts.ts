import { defineTexts, type KeysOf } from '../../lib/texts';
import entries from './calls.texts.json';

/** The server's texts of call refusals (calls.service.ts REFUSAL_TEXTS), in en and fr (lib/texts.ts: the mechanism). */
export const CALLS_TEXTS = defineTexts(entries);

declare module '../../lib/texts' {
  interface ServerTexts extends KeysOf<typeof CALLS_TEXTS> {}
}
