import { defineTexts, type KeysOf } from '../../lib/texts';
import entries from './mfa.texts.json';

/** The server's texts of multi-factor sign-in, in en and fr (lib/texts.ts: the mechanism). */
export const MFA_TEXTS = defineTexts(entries);

declare module '../../lib/texts' {
  interface ServerTexts extends KeysOf<typeof MFA_TEXTS> {}
}
