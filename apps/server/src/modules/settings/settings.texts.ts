import { defineTexts, type KeysOf } from '../../lib/texts';
import entries from './settings.texts.json';

/** The server's texts of the administration settings, in en and fr (lib/texts.ts: the mechanism). */
export const SETTINGS_TEXTS = defineTexts(entries);

declare module '../../lib/texts' {
  interface ServerTexts extends KeysOf<typeof SETTINGS_TEXTS> {}
}
