import { defineTexts, type KeysOf } from '../../lib/texts';
import entries from './quick-unlock.texts.json';

/** Quick unlock's texts (issue 26), in en and fr. `pinFormat` is also the contract's issue key for a bad PIN. */
export const QUICK_UNLOCK_TEXTS = defineTexts(entries);

declare module '../../lib/texts' {
  interface ServerTexts extends KeysOf<typeof QUICK_UNLOCK_TEXTS> {}
}
