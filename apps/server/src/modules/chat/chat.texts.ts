import { CHAT_TEXTS } from '@rounds/contracts/chat';
import { CHAT_FILE_TEXTS } from '@rounds/contracts/chat-files';
import { defineTexts, type KeysOf } from '../../lib/texts';
import entries from './chat.texts.json';

/**
 * The server's texts of conversations, files and priority messages, in en and fr (lib/texts.ts: the mechanism):
 * data in chat.texts.json, but for those whose English is the contract's own.
 */
export const CHAT_SERVER_TEXTS = defineTexts({
  ...entries,
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
});

declare module '../../lib/texts' {
  interface ServerTexts extends KeysOf<typeof CHAT_SERVER_TEXTS> {}
}
