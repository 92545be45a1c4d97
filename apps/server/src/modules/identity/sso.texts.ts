import { defineTexts, type KeysOf } from '../../lib/texts';

/** The server's texts of single sign-on (issue 26), in en and fr. */
export const SSO_TEXTS = defineTexts({
  ssoRequired: {
    en: 'Please sign in with your hospital account (single sign-on).',
    fr: "Veuillez vous connecter avec votre compte de l'établissement (authentification unique).",
  },
  ssoNotConfigured: {
    en: 'Single sign-on is not configured on this server.',
    fr: "L'authentification unique n'est pas configurée sur ce serveur.",
  },
  invalidLogoutToken: { en: 'The logout token is not valid.', fr: "Le jeton de déconnexion n'est pas valide." },
});

declare module '../../lib/texts' {
  interface ServerTexts extends KeysOf<typeof SSO_TEXTS> {}
}
