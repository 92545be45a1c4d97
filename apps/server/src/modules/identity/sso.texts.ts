import { defineTexts, type KeysOf } from '../../lib/texts';
import entries from './sso.texts.json';

/** The server's texts of single sign-on (issue 26), in en and fr. */
export const SSO_TEXTS = defineTexts(entries);

declare module '../../lib/texts' {
  interface ServerTexts extends KeysOf<typeof SSO_TEXTS> {}
}
