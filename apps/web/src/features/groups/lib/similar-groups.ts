import type { TChatRoom } from '@rounds/contracts/chat';

/** Only the member ids matter here. */
type TRoomMembers = { participants: readonly { id: string }[] };

/** The room's members are exactly the people picked plus the current user. */
export function sameMembers(room: TRoomMembers, pickedIds: readonly string[], meId: string): boolean {
  const wanted = new Set([...pickedIds, meId]);
  const members = new Set(room.participants.map((participant) => participant.id));
  return members.size === wanted.size && [...wanted].every((id) => members.has(id));
}

/**
 * The rooms the similar-groups dialog lists before a group is created (spec doc 1 section 4): the server's
 * answer, checked again here so a looser server match never blocks creation for nothing. An archived room
 * is read-only and cannot stand in for the new group, so it does not count.
 */
export function similarRooms<TRoom extends TRoomMembers & Pick<TChatRoom, 'archived'>>(
  rooms: readonly TRoom[],
  pickedIds: readonly string[],
  meId: string,
): TRoom[] {
  return rooms.filter((room) => !room.archived && sameMembers(room, pickedIds, meId));
}

/** Lower case without accents or surrounding spaces: how two group names are compared. */
function fold(name: string): string {
  return name
    .trim()
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase();
}

/**
 * The user's own group with this name, if any: a create refused for a duplicate name opens it instead
 * (spec doc 1 section 4, "reused when found locally"). Case and accents aside, the names must be equal.
 */
export function groupNamed<TRoom extends Pick<TChatRoom, 'type' | 'name' | 'archived'>>(
  rooms: readonly TRoom[],
  name: string,
): TRoom | undefined {
  const wanted = fold(name);
  return rooms.find((room) => room.type === 'group' && !room.archived && fold(room.name) === wanted);
}
