import { defineTexts, type KeysOf } from '../../lib/texts';

/** Quick unlock's texts (issue 26), in en and fr. `pinFormat` is also the contract's issue key for a bad PIN. */
export const QUICK_UNLOCK_TEXTS = defineTexts({
  pinFormat: { en: 'The PIN has 4 to 6 digits.', fr: 'Le code PIN comporte 4 à 6 chiffres.' },
  pinSet: { en: 'Your PIN is set.', fr: 'Votre code PIN est enregistré.' },
  pinRemoved: { en: 'Your PIN is removed.', fr: 'Votre code PIN est supprimé.' },
  unlocked: { en: 'Unlocked.', fr: 'Déverrouillé.' },
  signInAgainForPin: {
    en: 'Sign out and sign in again, then set your PIN within 10 minutes.',
    fr: 'Déconnectez-vous puis reconnectez-vous, et définissez votre code PIN dans les 10 minutes.',
  },
  noUnlockPin: {
    en: 'No PIN is set on this account. Unlock with your password.',
    fr: 'Aucun code PIN n’est défini sur ce compte. Déverrouillez avec votre mot de passe.',
  },
  wrongUnlock: {
    en: 'That is not right. {n} tries left before you are signed out.',
    fr: 'Ce n’est pas le bon. Encore {n} essais avant la déconnexion.',
  },
  unlockSessionEnded: {
    en: 'Too many wrong tries: you have been signed out. Please sign in again.',
    fr: 'Trop d’essais erronés : vous avez été déconnecté. Veuillez vous reconnecter.',
  },
  quickLockRange: {
    en: 'Input value should be between 0 and 60.',
    fr: 'La valeur saisie doit être comprise entre 0 et 60.',
  },
});

declare module '../../lib/texts' {
  interface ServerTexts extends KeysOf<typeof QUICK_UNLOCK_TEXTS> {}
}
