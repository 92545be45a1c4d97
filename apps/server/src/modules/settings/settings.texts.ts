import { defineTexts, type KeysOf } from '../../lib/texts';

/** The server's texts of the administration settings, in en and fr (lib/texts.ts: the mechanism). */
export const SETTINGS_TEXTS = defineTexts({
  // Administration settings (modules/settings).
  logoUpdated: { en: 'Logo updated successfully', fr: 'Logo mis à jour' },
  textsUpdated: { en: 'Texts updated successfully', fr: 'Textes mis à jour' },
  bannerUpdated: {
    en: 'Banner message updated successfully',
    fr: 'Message de la bannière mis à jour',
  },
  passwordPolicyUpdated: {
    en: 'Password update policy updated successfully',
    fr: 'Politique de mise à jour des mots de passe mise à jour',
  },
  settingUpdated: { en: 'Setting updated successfully', fr: 'Paramètre mis à jour' },
  maxUpload10Mb: {
    en: 'The maximum file size allowed for uploads is 10MB',
    fr: 'La taille maximale autorisée pour un fichier est de 10 Mo',
  },
  logoFormats: {
    en: 'Allowed formats: png, gif, jpeg, svg',
    fr: 'Formats acceptés : png, gif, jpeg, svg',
  },
  unsafeSvg: {
    en: 'This SVG file contains scripts or external references and cannot be used.',
    fr: 'Ce fichier SVG contient des scripts ou des références externes et ne peut pas être utilisé.',
  },
});

declare module '../../lib/texts' {
  interface ServerTexts extends KeysOf<typeof SETTINGS_TEXTS> {}
}
