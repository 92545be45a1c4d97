import type { TChatRoom } from '@rounds/contracts/chat';
import { CHAT_STATUS, shownStatus, type TChatStatus } from '@rounds/contracts/user';

/** The other person of a direct chat: their status is the room's (null for groups). */
export function otherParticipant(room: Pick<TChatRoom, 'type' | 'participants'>, me: string | undefined) {
  if (room.type !== 'direct') return undefined;
  return room.participants.find((participant) => participant.id !== me);
}

export function roomStatus(room: TChatRoom, me: string | undefined): TChatStatus | null {
  if (room.type !== 'direct') return null;
  const other = otherParticipant(room, me);
  return other ? shownStatus(other) : (room.chatStatus ?? CHAT_STATUS.Offline);
}
