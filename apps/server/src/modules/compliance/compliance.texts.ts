import { defineTexts, type KeysOf } from '../../lib/texts';
import entries from './compliance.texts.json';

/** The server's texts of retention, legal hold and break-glass access, in en and fr (lib/texts.ts: the mechanism). */
export const COMPLIANCE_TEXTS = defineTexts(entries);

declare module '../../lib/texts' {
  interface ServerTexts extends KeysOf<typeof COMPLIANCE_TEXTS> {}
}
