import { defineTexts, type KeysOf } from '../../lib/texts';

/** The server's texts of the administration of users (actions, bulk import), in en and fr (lib/texts.ts: the mechanism). */
export const ADMIN_TEXTS = defineTexts({
  permissionsUpdated: {
    en: 'Permissions updated successfully',
    fr: 'Autorisations mises à jour',
  },
  adminOnlyPermission: {
    en: 'Only an Admin can change this permission.',
    fr: 'Seul un administrateur peut modifier cette autorisation.',
  },
  ownAccount: {
    en: 'You cannot do this to your own account.',
    fr: 'Vous ne pouvez pas faire cela sur votre propre compte.',
  },
  userStatusChanged: {
    en: 'User status changed successfully',
    fr: "Statut de l'utilisateur modifié",
  },
  roleChanged: { en: 'Role changed successfully', fr: 'Rôle modifié' },
  userRemoved: { en: 'User removed successfully', fr: 'Utilisateur supprimé' },
  // Users section (issue 10, h-users-srv).
  userCreated: { en: 'User created successfully', fr: 'Utilisateur créé' },
  userUpdated: { en: 'User updated successfully', fr: 'Utilisateur mis à jour' },
  userPasswordUpdated: { en: 'Password updated successfully', fr: 'Mot de passe mis à jour' },
  avatarUpdated: { en: 'Avatar updated successfully', fr: 'Photo de profil mise à jour' },
  avatarRemoved: { en: 'Avatar removed successfully', fr: 'Photo de profil supprimée' },
  memberAdded: { en: 'Member added successfully', fr: 'Membre ajouté' },
  memberRemoved: { en: 'Member removed successfully', fr: 'Membre retiré' },
  maxUpload2Mb: {
    en: 'The maximum file size allowed for uploads is 2MB',
    fr: 'La taille maximale autorisée pour un fichier est de 2 Mo',
  },
  emptyFile: { en: 'Uploaded file is empty', fr: 'Le fichier envoyé est vide' },
  csvOnly: { en: 'Only CSV files are allowed', fr: 'Seuls les fichiers CSV sont acceptés' },
  notUtf8Csv: {
    en: 'The file is not a UTF-8 CSV',
    fr: "Le fichier n'est pas un CSV en UTF-8",
  },
  csvWrongColumns: {
    en: 'wrong columns ({detail}); expected {expected}',
    fr: 'colonnes incorrectes ({detail}) ; attendues : {expected}',
  },
  csvUnreadable: {
    en: 'The file could not be read as CSV (line {line}).',
    fr: 'Le fichier ne peut pas être lu comme un CSV (ligne {line}).',
  },
  bulkUploadFinished: {
    en: 'Bulk upload finished: {created} created, {failed} failed',
    fr: 'Import terminé : {created} créés, {failed} en échec',
  },
  unknownReference: { en: 'Unknown {kind}: {name}', fr: 'Élément inconnu ({kind}) : {name}' },
  formulaCell: {
    en: 'must not start with = + - or @',
    fr: 'ne doit pas commencer par = + - ou @',
  },
  emailTwiceInFile: {
    en: 'This email appears more than once in the file.',
    fr: 'Cette adresse e-mail apparaît plusieurs fois dans le fichier.',
  },
  rowColumns: {
    en: 'the row does not have the columns of the header',
    fr: "la ligne n'a pas les colonnes de l'en-tête",
  },
});

declare module '../../lib/texts' {
  interface ServerTexts extends KeysOf<typeof ADMIN_TEXTS> {}
}
