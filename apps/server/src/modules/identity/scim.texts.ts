import { defineTexts, type KeysOf } from '../../lib/texts';

/** SCIM provisioning's texts for the Administration routes (issue 26), in en and fr. */
export const SCIM_TEXTS = defineTexts({
  scimTokenNotFound: { en: 'This token does not exist or was revoked.', fr: 'Ce jeton n’existe pas ou a été révoqué.' },
});

declare module '../../lib/texts' {
  interface ServerTexts extends KeysOf<typeof SCIM_TEXTS> {}
}
