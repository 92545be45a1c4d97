import { defineTexts, type KeysOf } from '../../lib/texts';

/** The server's texts of the own account, in en and fr (lib/texts.ts: the mechanism). */
export const ACCOUNTS_TEXTS = defineTexts({
  passwordUpdated: { en: 'Password has been updated', fr: 'Le mot de passe a été mis à jour' },
  wrongCurrentPassword: { en: 'The current password is incorrect.', fr: 'Le mot de passe actuel est incorrect.' },
  avatarTooLarge: { en: 'The picture must be at most 2MB', fr: "L'image doit faire au plus 2 Mo" },
  avatarFormats: { en: 'Allowed formats: png, gif, jpeg', fr: 'Formats acceptés : png, gif, jpeg' },
});

declare module '../../lib/texts' {
  interface ServerTexts extends KeysOf<typeof ACCOUNTS_TEXTS> {}
}
