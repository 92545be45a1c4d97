import type { TChatRoom, TParticipant } from '@rounds/contracts/chat';
import { CHAT_STATUS, type TChatStatus } from '@rounds/contracts/user';

/** Key of each status in the chat namespace (status.*). */
export const STATUS_KEY = {
  [CHAT_STATUS.Available]: 'available',
  [CHAT_STATUS.Away]: 'away',
  [CHAT_STATUS.DoNotDisturb]: 'doNotDisturb',
  [CHAT_STATUS.Offline]: 'offline',
} as const satisfies Record<TChatStatus, string>;

/** A person who is not connected shows Offline, whatever status they last chose (spec doc 1 section 3). */
export function participantStatus(participant: Pick<TParticipant, 'chatStatus' | 'connected'>): TChatStatus {
  return participant.connected ? participant.chatStatus : CHAT_STATUS.Offline;
}

/** The other person of a direct chat: their status is the room's (null for groups). */
export function otherParticipant(room: Pick<TChatRoom, 'type' | 'participants'>, me: string | undefined) {
  if (room.type !== 'direct') return undefined;
  return room.participants.find((participant) => participant.id !== me);
}

export function roomStatus(room: TChatRoom, me: string | undefined): TChatStatus | null {
  if (room.type !== 'direct') return null;
  const other = otherParticipant(room, me);
  return other ? participantStatus(other) : (room.chatStatus ?? CHAT_STATUS.Offline);
}
