import { CHAT_TEXTS } from '@rounds/contracts/chat';
import { CHAT_FILE_TEXTS } from '@rounds/contracts/chat-files';
import type { TLanguage } from '@rounds/contracts/common';

/**
 * Server texts shown to users, in the request's language: one table keyed by identifier (issue 13). Throw
 * sites name a key (lib/errors.ts AppError), rendered in the reader's language by the error handler and the
 * socket handler. Keys of validation issues are the spec's form error keys (packages/contracts/src/validation.ts).
 */
const TEXTS = {
  Required: { en: 'Required', fr: 'Obligatoire' },
  invalid_email: { en: 'Invalid email address', fr: 'Adresse e-mail invalide' },
  'auth.err_pass_lent': {
    en: 'Password must be at least 6 characters long',
    fr: 'Le mot de passe doit contenir au moins 6 caractères',
  },
  'auth.err_pass_num': { en: 'Password must contain a number', fr: 'Le mot de passe doit contenir un chiffre' },
  'auth.err_pass_uppercase': {
    en: 'Password must contain an uppercase letter',
    fr: 'Le mot de passe doit contenir une majuscule',
  },
  'auth.err_password_lower': {
    en: 'Password must contain a lowercase letter',
    fr: 'Le mot de passe doit contenir une minuscule',
  },
  'auth.err_pass_too_long': {
    en: 'Password must be at most 256 characters long',
    fr: 'Le mot de passe doit contenir au plus 256 caractères',
  },
  'auth.mismatch': { en: "Doesn't match with password", fr: 'Ne correspond pas au mot de passe' },
  'auth.err_phone_format': {
    en: 'Please enter your phone number in the following format: +1234567890',
    fr: 'Veuillez saisir votre numéro au format suivant : +1234567890',
  },
  'auth.min_value_is_1': { en: 'Minimal value is 1.', fr: 'La valeur minimale est 1.' },
  'auth.max_value': {
    en: 'Input value should not be greater than 100000.',
    fr: 'La valeur ne doit pas dépasser 100000.',
  },
  'auth.err_code_format': { en: 'The code has 6 digits', fr: 'Le code comporte 6 chiffres' },
  control_characters: { en: 'contains control characters', fr: 'contient des caractères de contrôle' },
  invalidCredentials: { en: 'Incorrect username or password.', fr: "Nom d'utilisateur ou mot de passe incorrect." },
  loginThrottledSeconds: {
    en: 'Too many failed attempts from here. Please wait {n} seconds and try again.',
    fr: 'Trop de tentatives échouées depuis cet endroit. Veuillez patienter {n} secondes avant de réessayer.',
  },
  loginThrottledMinutes: {
    en: 'Too many failed attempts from here. Please wait {n} minutes and try again.',
    fr: 'Trop de tentatives échouées depuis cet endroit. Veuillez patienter {n} minutes avant de réessayer.',
  },
  captchaRequired: {
    en: 'Please complete the security check to sign in.',
    fr: 'Veuillez compléter la vérification de sécurité pour vous connecter.',
  },
  accountInactive: {
    en: 'Your account is inactive. Please contact your administrator.',
    fr: 'Votre compte est inactif. Veuillez contacter votre administrateur.',
  },
  emailNotVerified: { en: 'Please verify your email address.', fr: 'Veuillez vérifier votre adresse e-mail.' },
  phoneNotVerified: { en: 'Please verify your phone number.', fr: 'Veuillez vérifier votre numéro de téléphone.' },
  invalidCode: { en: 'The verification code is incorrect.', fr: 'Le code de vérification est incorrect.' },
  expiredCode: {
    en: 'The verification code has expired. Please request a new one.',
    fr: 'Le code de vérification a expiré. Veuillez en demander un nouveau.',
  },
  tooManyTries: {
    en: 'Too many wrong codes. Please request a new one.',
    fr: 'Trop de codes erronés. Veuillez en demander un nouveau.',
  },
  resendLimited: {
    en: 'Too many codes requested. Please try again in 10 minutes.',
    fr: 'Trop de codes demandés. Veuillez réessayer dans 10 minutes.',
  },
  codeSent: { en: 'Verification code sent.', fr: 'Code de vérification envoyé.' },
  alreadyVerified: { en: 'This is already verified.', fr: 'Ceci est déjà vérifié.' },
  captchaFailed: { en: 'Captcha challenge not passed!', fr: 'Captcha non validé !' },
  registrationDisabled: { en: 'Self-registration is disabled.', fr: "L'inscription libre est désactivée." },
  emailTaken: { en: 'This email is already registered.', fr: 'Cette adresse e-mail est déjà enregistrée.' },
  invalidTempToken: {
    en: 'Your verification session has expired. Please log in again.',
    fr: 'Votre session de vérification a expiré. Veuillez vous reconnecter.',
  },
  sessionExpired: {
    en: 'Your session has expired. Please log in again.',
    fr: 'Votre session a expiré. Veuillez vous reconnecter.',
  },
  resetSent: {
    en: 'If this email is registered, a reset code has been sent to it.',
    fr: 'Si cette adresse est enregistrée, un code de réinitialisation y a été envoyé.',
  },
  invalidResetToken: {
    en: 'This reset code is invalid or has expired.',
    fr: 'Ce code de réinitialisation est invalide ou a expiré.',
  },
  passwordUpdated: { en: 'Password has been updated', fr: 'Le mot de passe a été mis à jour' },
  wrongCurrentPassword: { en: 'The current password is incorrect.', fr: 'Le mot de passe actuel est incorrect.' },
  forbidden: { en: 'You are not allowed to do this.', fr: "Vous n'êtes pas autorisé à faire cela." },
  // The rate limiters' text (plugins/security.ts for REST, realtime/socket-handler.ts for socket events).
  rateLimited: {
    en: 'Too many requests, please try again in {s} seconds.',
    fr: 'Trop de requêtes, veuillez réessayer dans {s} secondes.',
  },
  retry: { en: 'Something went wrong, please try again.', fr: 'Une erreur s’est produite, veuillez réessayer.' },

  // Calls (modules/calls): refusals of call events (calls.service.ts REFUSAL_TEXTS).
  callBusyElsewhere: {
    en: 'You are currently in the call in this chat room with another device.',
    fr: 'Vous êtes déjà dans l’appel de cette conversation sur un autre appareil.',
  },
  'chat.err_one_user_share': {
    en: 'Only one person can share their screen at a time.',
    fr: 'Une seule personne à la fois peut partager son écran.',
  },
  callNoPermission: {
    en: 'You do not have permission for this call.',
    fr: 'Vous n’avez pas l’autorisation pour cet appel.',
  },
  callEnded: { en: 'This call has ended.', fr: 'Cet appel est terminé.' },
  callFull: {
    en: 'This call is full: at most {n} people can take part.',
    fr: 'Cet appel est complet : {n} personnes au plus peuvent y participer.',
  },
  notInCall: { en: 'You are not in this call.', fr: 'Vous ne participez pas à cet appel.' },
  mediaUnavailable: {
    en: 'The media server cannot be reached right now. Try again in a moment.',
    fr: 'Le serveur multimédia est injoignable pour le moment. Réessayez dans un instant.',
  },
  mediaFailed: {
    en: 'The media server refused this step of the call. Try again.',
    fr: 'Le serveur multimédia a refusé cette étape de l’appel. Réessayez.',
  },
  callContactUnavailable: {
    en: 'Contact is not available for this call.',
    fr: 'Le contact n’est pas disponible pour cet appel.',
  },
  callOngoing: {
    en: 'A call is already going on in this conversation: join it from the call bar.',
    fr: 'Un appel est déjà en cours dans cette conversation : rejoignez-le depuis la barre d’appel.',
  },

  // Conversations and files: the spec's English texts are the contract's (CHAT_TEXTS, CHAT_FILE_TEXTS).
  groupNameTooLong: {
    en: CHAT_TEXTS.groupNameTooLong,
    fr: 'Le nom que vous donnez au groupe est trop long. Choisissez un nom de groupe plus court.',
  },
  groupNameTaken: {
    en: CHAT_TEXTS.groupNameTaken,
    fr: 'Vous ou un autre utilisateur avez déjà créé un groupe portant ce nom. Choisissez un autre nom de groupe.',
  },
  alreadyMember: { en: CHAT_TEXTS.alreadyMember, fr: 'Cette personne fait déjà partie du groupe !' },
  conversationUnavailable: {
    en: CHAT_TEXTS.conversationUnavailable,
    fr: "La conversation n'est pas disponible, veuillez réessayer.",
  },
  fileTooLarge: {
    en: CHAT_FILE_TEXTS.fileTooLarge,
    fr: 'La taille du fichier {file} dépasse la limite maximale de 10 Mo',
  },
  unsupportedFile: {
    en: CHAT_FILE_TEXTS.unsupported,
    fr: "Ce format de fichier n'est pas pris en charge.",
  },
  tooManyFiles: { en: CHAT_FILE_TEXTS.tooMany, fr: "Vous pouvez envoyer jusqu'à 10 fichiers à la fois." },
  filesTooLarge: {
    en: CHAT_FILE_TEXTS.totalTooLarge,
    fr: 'Les fichiers envoyés dépassent la limite maximale de 10 Mo',
  },
  filesNotUploaded: {
    en: CHAT_FILE_TEXTS.notUploaded,
    fr: 'Toutes les images ne sont pas encore envoyées !!',
  },
  notGroupOwner: {
    en: 'Only the owner of the group can do this.',
    fr: 'Seul le propriétaire du groupe peut faire cela.',
  },
  notAGroup: { en: 'Only groups have an owner.', fr: 'Seuls les groupes ont un propriétaire.' },
  directChatCannotBeLeft: {
    en: 'A direct chat cannot be left.',
    fr: 'On ne peut pas quitter une conversation directe.',
  },
  ownerCannotLeave: {
    en: 'The owner cannot leave the group; delete it instead.',
    fr: 'Le propriétaire ne peut pas quitter le groupe ; supprimez-le plutôt.',
  },
  onlySenderDeletes: {
    en: 'Only the sender can delete a message.',
    fr: "Seul l'expéditeur peut supprimer un message.",
  },
  deleteNotAllowed: {
    en: 'You are not allowed to delete messages.',
    fr: "Vous n'êtes pas autorisé à supprimer des messages.",
  },
  onlySenderSeesSeen: {
    en: 'Only the sender can see who has seen a message.',
    fr: "Seul l'expéditeur peut voir qui a vu un message.",
  },
  onlySenderMarksImportant: {
    en: 'Only the sender can mark a message important.',
    fr: "Seul l'expéditeur peut marquer un message comme important.",
  },
  notNotified: {
    en: 'This message does not ask you for an acknowledgement.',
    fr: 'Ce message ne vous demande pas d’accusé de réception.',
  },
  smsNotAllowed: {
    en: 'You are not allowed to send SMS.',
    fr: "Vous n'êtes pas autorisé à envoyer des SMS.",
  },
  acknowledgeOnlyYourself: {
    en: 'You can only acknowledge for yourself.',
    fr: 'Vous ne pouvez accuser réception que pour vous-même.',
  },
  messageNotFound: { en: 'Message not found', fr: 'Message introuvable' },
  fileNotFound: { en: 'File not found', fr: 'Fichier introuvable' },
  notFound: { en: 'Not found', fr: 'Introuvable' },
  onlyActiveSignedIn: {
    en: 'only active users who have signed in can be added',
    fr: 'seuls les utilisateurs actifs qui se sont déjà connectés peuvent être ajoutés',
  },
  chooseOnePerson: { en: 'choose at least one person', fr: 'choisissez au moins une personne' },
  tooManyMembers: { en: 'too many members', fr: 'trop de membres' },
  directChatOneOther: {
    en: 'a direct chat is with exactly one other person',
    fr: 'une conversation directe se fait avec exactement une autre personne',
  },
  ownerStays: { en: 'the owner stays in the group', fr: 'le propriétaire reste dans le groupe' },
  notGroupMember: { en: 'not a member of this group', fr: 'ne fait pas partie de ce groupe' },
  notifyOnlyOthers: {
    en: 'only other members of the room',
    fr: 'uniquement d’autres membres de la conversation',
  },
  chooseWhomToNotify: { en: 'choose whom to notify', fr: 'choisissez qui prévenir' },
  nulCharacter: {
    en: 'must not contain the NUL character',
    fr: 'ne doit pas contenir le caractère NUL',
  },
  permissionsUpdated: {
    en: 'Permissions updated successfully',
    fr: 'Autorisations mises à jour',
  },
  adminOnlyPermission: {
    en: 'Only an Admin can change this permission.',
    fr: 'Seul un administrateur peut modifier cette autorisation.',
  },
  notManagedUser: {
    en: 'You do not manage this user.',
    fr: 'Vous ne gérez pas cet utilisateur.',
  },
  adminOnlyRole: {
    en: 'Only an Admin can give or change the Admin role.',
    fr: 'Seul un administrateur peut attribuer ou modifier le rôle administrateur.',
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
  userNotFound: { en: 'User not found.', fr: 'Utilisateur introuvable.' },
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
  'banner.max_length': {
    en: 'The banner text must be at most 500 characters',
    fr: 'Le texte de la bannière doit contenir au plus 500 caractères',
  },
  timeoutNotNumber: {
    en: 'Input value should be a number.',
    fr: 'La valeur saisie doit être un nombre.',
  },
  timeoutBelowZero: {
    en: 'Input value should not be less than 0.',
    fr: 'La valeur saisie ne doit pas être inférieure à 0.',
  },
  timeoutAboveMax: {
    en: 'Input value should not be greater than 100000.',
    fr: 'La valeur saisie ne doit pas être supérieure à 100000.',
  },
  // Users section (issue 10, h-users-srv).
  userCreated: { en: 'User created successfully', fr: 'Utilisateur créé' },
  userUpdated: { en: 'User updated successfully', fr: 'Utilisateur mis à jour' },
  userPasswordUpdated: { en: 'Password updated successfully', fr: 'Mot de passe mis à jour' },
  avatarUpdated: { en: 'Avatar updated successfully', fr: 'Photo de profil mise à jour' },
  avatarRemoved: { en: 'Avatar removed successfully', fr: 'Photo de profil supprimée' },
  memberAdded: { en: 'Member added successfully', fr: 'Membre ajouté' },
  memberRemoved: { en: 'Member removed successfully', fr: 'Membre retiré' },
  ownFacilitiesOnly: {
    en: 'You can only give users your own facilities.',
    fr: 'Vous ne pouvez attribuer que vos propres établissements.',
  },
  adminOnlyClassification: {
    en: 'Only an Admin can change this classification.',
    fr: 'Seul un administrateur peut modifier cette classification.',
  },
  itemNotFound: { en: 'Item not found.', fr: 'Élément introuvable.' },
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
  invalidId: { en: 'invalid id', fr: 'identifiant invalide' },
  singleValue: { en: 'only one value is allowed', fr: 'une seule valeur est permise' },
  // Issue 13: texts thrown in English only before every text had a key.
  unauthorized: { en: 'Unauthorized', fr: 'Non autorisé' },
  routeNotFound: { en: 'Route {method} {path} not found', fr: 'Route {method} {path} introuvable' },
  isInvalid: { en: 'is invalid', fr: 'est invalide' },
  notValidMultipart: { en: 'not valid multipart/form-data', fr: 'n’est pas un multipart/form-data valide' },
  multipartBoundaryTooLong: {
    en: 'the multipart boundary is longer than 70 characters',
    fr: 'la limite multipart dépasse 70 caractères',
  },
  mustBeOneOf: { en: 'must be one of {values}', fr: 'doit être l’une des valeurs {values}' },
  noSuchItem: { en: 'unknown item', fr: 'élément inconnu' },
  duplicateName: { en: 'An item with this name already exists.', fr: 'Un élément portant ce nom existe déjà.' },
  tooManySocketsForUser: {
    en: 'Rounds is open in too many tabs and devices on your account. Close a few and this one will connect.',
    fr: 'Rounds est ouvert dans trop d’onglets et d’appareils sur votre compte. Fermez-en quelques-uns et celui-ci se connectera.',
  },
  tooManySocketsFromAddress: {
    en: 'Too many connections from your network. Please try again in a moment.',
    fr: 'Trop de connexions depuis votre réseau. Veuillez réessayer dans un instant.',
  },
  filterNameTaken: {
    en: 'You already have a saved filter with this name.',
    fr: 'Vous avez déjà un filtre enregistré portant ce nom.',
  },
  pushEndpointNotAllowed: {
    en: 'must be an https address of a known push service',
    fr: 'doit être une adresse https d’un service de notifications connu',
  },
  pushTooManyDevices: {
    en: 'Notifications are on for too many devices on your account. Remove one in Settings first.',
    fr: 'Les notifications sont activées sur trop d’appareils de votre compte. Retirez-en un dans les Paramètres.',
  },
  pushNotSubscribed: {
    en: 'Notifications are not on for this device.',
    fr: 'Les notifications ne sont pas activées sur cet appareil.',
  },
  avatarTooLarge: { en: 'The picture must be at most 2MB', fr: "L'image doit faire au plus 2 Mo" },
  avatarFormats: { en: 'Allowed formats: png, gif, jpeg', fr: 'Formats acceptés : png, gif, jpeg' },
  // On-call duty roles (issue 25).
  dutyRoleNotFound: {
    en: 'This on-call role does not exist or was retired.',
    fr: 'Ce rôle de garde n’existe pas ou a été retiré.',
  },
  dutyRoleNameTaken: {
    en: 'This facility already has a role with this name.',
    fr: 'Cet établissement a déjà un rôle portant ce nom.',
  },
  unknownTimeZone: { en: 'unknown time zone', fr: 'fuseau horaire inconnu' },
  roleHeld: {
    en: '{role} is held by {names}. Take it over, or hold it with them?',
    fr: '{role} est tenu par {names}. Le reprendre, ou le tenir avec eux ?',
  },
  notRoleFacility: {
    en: 'You can only take the roles of your own facilities.',
    fr: 'Vous ne pouvez prendre que les rôles de vos établissements.',
  },
  ownFacilityRolesOnly: {
    en: 'You can only manage the roles of your own facilities.',
    fr: 'Vous ne pouvez gérer que les rôles de vos établissements.',
  },
  shiftEndsBeforeStart: { en: 'the shift must end after it starts', fr: 'la garde doit finir après son début' },
  shiftTooLong: { en: 'a shift lasts at most 7 days', fr: 'une garde dure au plus 7 jours' },
  rotationNoWeekday: { en: 'choose at least one day', fr: 'choisissez au moins un jour' },
  rotationUntilBeforeFrom: {
    en: 'the end date is before the start date',
    fr: 'la date de fin précède la date de début',
  },
  unknownPerson: { en: 'unknown person', fr: 'personne inconnue' },
  unknownDutyRole: { en: 'no role {name} in your facilities', fr: 'aucun rôle {name} dans vos établissements' },
  unknownEmail: { en: 'no user with the email {email}', fr: 'aucun utilisateur avec l’adresse {email}' },
  badLocalDateTime: {
    en: '{field} must be a date and time YYYY-MM-DD HH:MM',
    fr: '{field} doit être une date et une heure AAAA-MM-JJ HH:MM',
  },
  dutyRoleRetired: { en: 'Role retired', fr: 'Rôle retiré' },
} as const satisfies Record<string, Record<TLanguage, string>>;

/** Every key: an identifier (camelCase) or one of the spec's form error keys, never an English sentence. */
export type TextKey = keyof typeof TEXTS;
export type TextVars = Record<string, string | number>;

/** Exported for the table's own test (every key has en and fr, none is a sentence). */
export const TEXT_TABLE: Readonly<Record<TextKey, Record<TLanguage, string>>> = TEXTS;

export function isTextKey(key: string): key is TextKey {
  return Object.hasOwn(TEXTS, key);
}

/** The text of a key in a language, its {placeholders} filled from vars. */
export function text(key: TextKey, lang: TLanguage, vars: TextVars = {}): string {
  return TEXTS[key][lang].replace(/\{(\w+)\}/g, (_, name: string) => String(vars[name] ?? `{${name}}`));
}

/**
 * A zod issue's message in a language. Our schemas give keys (packages/contracts/src/validation.ts MSG and the
 * keys above); zod's own defaults ("Invalid input…") have none and are shown as zod wrote them.
 */
export function issueText(message: string | undefined, lang: TLanguage): string {
  if (message === undefined) return text('isInvalid', lang);
  return isTextKey(message) ? text(message, lang) : message;
}
