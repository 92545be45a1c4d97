import { defineTexts, type KeysOf } from '../../lib/texts';
import entries from './scim.texts.json';

/** SCIM provisioning's texts for the Administration routes (issue 26), in en and fr. */
export const SCIM_TEXTS = defineTexts(entries);

declare module '../../lib/texts' {
  interface ServerTexts extends KeysOf<typeof SCIM_TEXTS> {}
}
