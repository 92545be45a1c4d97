import { defineTexts, type KeysOf } from '../../lib/texts';
import entries from './admin.texts.json';

/**
 * The server's texts of the administration of users (the Users section: actions, bulk import), in en and fr
 * (lib/texts.ts: the mechanism).
 */
export const ADMIN_TEXTS = defineTexts(entries);

declare module '../../lib/texts' {
  interface ServerTexts extends KeysOf<typeof ADMIN_TEXTS> {}
}
