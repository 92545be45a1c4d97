import { missedCallFor, type TChatRoom, type TMessage } from '@rounds/contracts/chat';
import { CHAT_STATUS, type TChatStatus } from '@rounds/contracts/user';

/**
 * Pure updates of the cached room list from the socket events (realtime.ts). Each returns the same array
 * when nothing changed, so TanStack Query does not re-render the list for an event about nothing it shows.
 */

type TApplyMessageOptions = {
  me: string | undefined;
  /** The room is open in a focused window: the user reads it now, so it does not count as unread. */
  readNow: boolean;
};

/**
 * The message a room's list entry previews once `incoming` arrived, as the server picks it (rooms.store
 * previewMessageRows): the last one a person wrote; a system line (a call's, a member added) only while no
 * person's message is there, so a call's four lines do not replace the text of an URGENT (issue 28).
 */
function previewAfter(current: TMessage | null, incoming: TMessage): TMessage {
  if (!current) return incoming;
  const written = (message: TMessage) => message.author !== null;
  if (written(incoming) !== written(current)) return written(incoming) ? incoming : current;
  return incoming.seq >= current.seq ? incoming : current;
}

/** A new message: the room's last message and sequence move on, and it counts as unread for others' messages. */
export function applyMessage(
  rooms: readonly TChatRoom[],
  message: TMessage,
  { me, readNow }: TApplyMessageOptions,
): TChatRoom[] | null {
  const index = rooms.findIndex((room) => room.twId === message.twId);
  if (index < 0) return null;
  const room = rooms[index]!;
  // An event for a message already counted (a catch-up and the socket both delivered it) changes nothing.
  if (message.seq <= room.lastSeq && room.lastMessage && room.lastMessage.seq >= message.seq)
    return rooms as TChatRoom[];
  const own = message.author !== null && message.author === me;
  // System messages count for nobody, except a missed call for those who missed it (the server counts the same).
  const counts =
    !own &&
    !readNow &&
    (!message.attributes.systemMessage || missedCallFor(message.attributes, me)) &&
    message.seq > room.lastReadSeq;
  const next: TChatRoom = {
    ...room,
    lastMessage: previewAfter(room.lastMessage, message),
    lastSeq: Math.max(room.lastSeq, message.seq),
    lastReadSeq: own || readNow ? Math.max(room.lastReadSeq, message.seq) : room.lastReadSeq,
    unreadCount: own || readNow ? 0 : room.unreadCount + (counts ? 1 : 0),
    updatedAt: Math.max(room.updatedAt, message.timetoken),
  };
  const copy = [...rooms];
  copy[index] = next;
  return copy;
}

/** This user has read up to seq (here or in another tab). unreadCount comes with the user's own copy. */
export function applyOwnRead(
  rooms: readonly TChatRoom[],
  twId: string,
  seq: number,
  unreadCount: number | undefined,
): TChatRoom[] {
  return patchRoom(rooms, twId, (room) => {
    const lastReadSeq = Math.max(room.lastReadSeq, seq);
    const unread = unreadCount ?? (lastReadSeq >= room.lastSeq ? 0 : room.unreadCount);
    if (lastReadSeq === room.lastReadSeq && unread === room.unreadCount) return room;
    return { ...room, lastReadSeq, unreadCount: unread };
  });
}

type TParticipant = TChatRoom['participants'][number];

/**
 * A user's entry in every room they are in, changed by `update` (which returns the same entry when nothing
 * changes); `alsoRoom` is what else a changed room takes from it.
 */
function patchParticipant(
  rooms: readonly TChatRoom[],
  userId: string,
  update: (current: TParticipant) => TParticipant,
  alsoRoom: (room: TChatRoom) => Partial<TChatRoom> = () => ({}),
): TChatRoom[] {
  let changed = false;
  const next = rooms.map((room) => {
    const index = room.participants.findIndex((p) => p.id === userId);
    if (index < 0) return room;
    const current = room.participants[index]!;
    const updated = update(current);
    if (updated === current) return room;
    changed = true;
    const participants = [...room.participants];
    participants[index] = updated;
    return { ...room, participants, ...alsoRoom(room) };
  });
  return changed ? next : (rooms as TChatRoom[]);
}

/** Presence of a user: their dot in every room they are in, and the status of a direct chat with them. */
export function applyPresence(
  rooms: readonly TChatRoom[],
  event: { userId: string; chatStatus: TChatStatus; connected: boolean },
  me: string | undefined,
): TChatRoom[] {
  return patchParticipant(
    rooms,
    event.userId,
    (current) =>
      current.chatStatus === event.chatStatus && current.connected === event.connected
        ? current
        : { ...current, chatStatus: event.chatStatus, connected: event.connected },
    (room) => {
      const isOther = room.type === 'direct' && event.userId !== me;
      return { chatStatus: isOther ? (event.connected ? event.chatStatus : CHAT_STATUS.Offline) : room.chatStatus };
    },
  );
}

/** Someone's voice or video permission changed (CallPermissionsChanged): their entry in every room follows. */
export function applyCallPermissions(
  rooms: readonly TChatRoom[],
  change: { userId: string; voice?: boolean | undefined; video?: boolean | undefined },
): TChatRoom[] {
  return patchParticipant(rooms, change.userId, (current) => {
    const calls = { voice: change.voice ?? current.calls.voice, video: change.video ?? current.calls.video };
    return calls.voice === current.calls.voice && calls.video === current.calls.video ? current : { ...current, calls };
  });
}

export function patchRoom(
  rooms: readonly TChatRoom[],
  twId: string,
  patch: Partial<TChatRoom> | ((room: TChatRoom) => TChatRoom),
): TChatRoom[] {
  const index = rooms.findIndex((room) => room.twId === twId);
  if (index < 0) return rooms as TChatRoom[];
  const room = rooms[index]!;
  const next = typeof patch === 'function' ? patch(room) : { ...room, ...patch };
  if (next === room) return rooms as TChatRoom[];
  const copy = [...rooms];
  copy[index] = next;
  return copy;
}

export function withoutRoom(rooms: readonly TChatRoom[], twId: string): TChatRoom[] {
  const next = rooms.filter((room) => room.twId !== twId);
  return next.length === rooms.length ? (rooms as TChatRoom[]) : next;
}

/**
 * Another member read up to seq. In a direct chat they are everyone else, so my messages up to it are read;
 * in a group the lowest position among the others is not known from one event, and waits for the next load.
 */
export function applyOthersRead(rooms: TChatRoom[], twId: string, seq: number): TChatRoom[] {
  return patchRoom(rooms, twId, (room) =>
    room.type === 'direct' && seq > room.readByOthersSeq ? { ...room, readByOthersSeq: seq } : room,
  );
}
