import { defineTexts, type KeysOf } from '../../lib/texts';

/** The server's texts of the user core (emails, administrators' scope), in en and fr (lib/texts.ts: the mechanism). */
export const USERS_TEXTS = defineTexts({
  emailTaken: { en: 'This email is already registered.', fr: 'Cette adresse e-mail est déjà enregistrée.' },
  notManagedUser: {
    en: 'You do not manage this user.',
    fr: 'Vous ne gérez pas cet utilisateur.',
  },
  adminOnlyRole: {
    en: 'Only an Admin can give or change the Admin role.',
    fr: 'Seul un administrateur peut attribuer ou modifier le rôle administrateur.',
  },
  userNotFound: { en: 'User not found.', fr: 'Utilisateur introuvable.' },
  ownFacilitiesOnly: {
    en: 'You can only give users your own facilities.',
    fr: 'Vous ne pouvez attribuer que vos propres établissements.',
  },
});

declare module '../../lib/texts' {
  interface ServerTexts extends KeysOf<typeof USERS_TEXTS> {}
}
