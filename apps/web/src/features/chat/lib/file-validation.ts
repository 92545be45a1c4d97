import { CHAT_FILE_TYPES } from '@rounds/contracts/chat-files';
import { LIMITS } from '@rounds/contracts/limits';

/** What the client needs of a file to check it: a File, or an upload already in the tray. */
export type TFileFacts = { name: string; type: string; size: number };

/** Keys of CHAT_FILE_TEXTS (and of files.errors in chat.json) the checks can end with. */
export type TFileErrorCode = 'tooMany' | 'unsupported' | 'fileTooLarge' | 'totalTooLarge';
export type TFileError = { code: TFileErrorCode; file?: string };

export type TFileCheck<T extends TFileFacts> = { accepted: T[]; error: TFileError | null };

const TYPES: ReadonlySet<string> = new Set(CHAT_FILE_TYPES);

/**
 * The spec's chat-file rules (doc 1 section 5), checked before anything is uploaded so a nurse learns at once
 * rather than after a slow upload; the server checks them again from the bytes. Too many files or too much
 * in total refuses the whole drop (which file to leave out is the user's choice); a wrong type or an
 * oversized file is left out and the rest go ahead. The first problem found is the one reported.
 */
export function checkFiles<T extends TFileFacts>(
  incoming: readonly T[],
  pending: readonly TFileFacts[],
): TFileCheck<T> {
  if (incoming.length + pending.length > LIMITS.chatFilesMax) return { accepted: [], error: { code: 'tooMany' } };
  const accepted: T[] = [];
  let error: TFileError | null = null;
  for (const file of incoming) {
    if (!TYPES.has(file.type)) error ??= { code: 'unsupported' };
    else if (file.size > LIMITS.chatFileMaxBytes) error ??= { code: 'fileTooLarge', file: file.name };
    else accepted.push(file);
  }
  const total = [...pending, ...accepted].reduce((sum, file) => sum + file.size, 0);
  if (total > LIMITS.chatFilesTotalMaxBytes) return { accepted: [], error: { code: 'totalTooLarge' } };
  return { accepted, error };
}
