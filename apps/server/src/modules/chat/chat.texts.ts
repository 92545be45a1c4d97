import { CHAT_TEXTS } from '@rounds/contracts/chat';
import { CHAT_FILE_TEXTS } from '@rounds/contracts/chat-files';
import { defineTexts, type KeysOf } from '../../lib/texts';

/** The server's texts of conversations, files and priority messages, in en and fr (lib/texts.ts: the mechanism). */
export const CHAT_SERVER_TEXTS = defineTexts({
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
  holderCannotLeave: {
    en: 'You hold this on-call role: release it to leave its conversation.',
    fr: 'Vous tenez ce rôle de garde : rendez-le pour quitter sa conversation.',
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
  gridSenderOrOwner: {
    en: 'Only the sender and the owner of the group can see who has acknowledged a message.',
    fr: "Seuls l'expéditeur et le propriétaire du groupe peuvent voir qui a accusé réception d'un message.",
  },
  gridNotPriority: {
    en: 'This message is not marked important or urgent.',
    fr: "Ce message n'est pas marqué important ou urgent.",
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
});

declare module '../../lib/texts' {
  interface ServerTexts extends KeysOf<typeof CHAT_SERVER_TEXTS> {}
}
