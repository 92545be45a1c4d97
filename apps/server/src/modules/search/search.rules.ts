import type { TMessage } from '@rounds/contracts/chat';
import type { TMedia } from '../chat/messages.store';

/**
 * Room types whose members read only what was said after they joined. None today: a group's new member and a
 * role's new holder get the room with its history (issue 25), so search reads what history shows. A type put
 * here bounds search and the page around a result by the member's joined_at.
 */
export const HISTORY_FROM_JOINING: readonly string[] = [];

/** The first time a member may read in a room of this type. */
export const readableFrom = (type: string, joinedAt: number, fromJoining = HISTORY_FROM_JOINING): number =>
  fromJoining.includes(type) ? joinedAt : 0;

/**
 * What a message is found by: its text (dictated text included: dictation writes into the body) and its files'
 * names. System lines (calls, members) have no words of their own.
 */
export function searchableTexts(m: Pick<TMessage, 'body' | 'author' | 'attributes'> & { files: TMedia['files'] }) {
  if (m.author === null || m.attributes.systemMessage) return [];
  return [m.body, ...m.files.map((f) => f.name)];
}
