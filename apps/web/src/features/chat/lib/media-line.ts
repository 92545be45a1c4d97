import type { TMessage } from '@rounds/contracts/chat';
import { formatDuration } from './duration';

/**
 * What a message without text carries, as a translation key and its values, for the Recent list's line:
 * 'Voice note 0:12', 'Photo', '3 photos'. Null when it carries nothing but text.
 */
export function mediaLine(
  message: Pick<TMessage, 'voice' | 'files'>,
): { key: 'list.voice' | 'list.photo' | 'list.photos'; values: Record<string, string | number> } | null {
  if (message.voice) return { key: 'list.voice', values: { duration: formatDuration(message.voice.duration) } };
  if (message.files.length > 1) return { key: 'list.photos', values: { count: message.files.length } };
  if (message.files.length === 1) return { key: 'list.photo', values: {} };
  return null;
}
