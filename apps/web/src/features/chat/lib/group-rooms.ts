import type { TChatRoom } from '@rounds/contracts/chat';
import { compareNames } from '@rounds/contracts/names';
import { dayKind, dayStart } from './days';

/**
 * When a room was last active: its newest message (updatedAt, which a call's lines move on too, while the
 * previewed lastMessage stays the last one a person wrote), or its creation for a room without messages.
 */
export function activityAt(room: Pick<TChatRoom, 'lastMessage' | 'createdAt' | 'updatedAt'>): number {
  return room.lastMessage ? Math.max(room.lastMessage.timetoken, room.updatedAt) : room.createdAt;
}

/** Newest activity first (spec doc 1 section 4); ties by name (in natural order) so the order does not jitter. */
export function sortRooms<T extends Pick<TChatRoom, 'lastMessage' | 'createdAt' | 'updatedAt' | 'name'>>(
  rooms: readonly T[],
): T[] {
  return [...rooms].sort((a, b) => activityAt(b) - activityAt(a) || compareNames(a.name, b.name));
}

export type TRoomSection =
  | { key: 'favorites'; kind: 'favorites'; rooms: TChatRoom[] }
  | { key: 'today' | 'yesterday'; kind: 'today' | 'yesterday'; rooms: TChatRoom[] }
  | { key: string; kind: 'date'; day: number; rooms: TChatRoom[] };

/**
 * The Recent list (spec doc 1 section 2): Favorites first, then the other rooms under Today, Yesterday or
 * the day of their last message, newest first throughout. A favorite is listed once, under Favorites.
 */
export function groupRooms(rooms: readonly TChatRoom[], now: number): TRoomSection[] {
  const sorted = sortRooms(rooms);
  const sections: TRoomSection[] = [];
  const favorites = sorted.filter((room) => room.isFavorite);
  if (favorites.length > 0) sections.push({ key: 'favorites', kind: 'favorites', rooms: favorites });
  let current: TRoomSection | undefined;
  for (const room of sorted) {
    if (room.isFavorite) continue;
    const at = activityAt(room);
    const kind = dayKind(at, now);
    const key = kind === 'date' ? `day-${dayStart(at)}` : kind;
    if (current?.key !== key) {
      current = kind === 'date' ? { key, kind, day: dayStart(at), rooms: [] } : { key: kind, kind, rooms: [] };
      sections.push(current);
    }
    current.rooms.push(room);
  }
  return sections;
}

/** The search box of the list: every word must appear in the room's name, accents and case ignored. */
export function matchesSearch(name: string, search: string): boolean {
  const fold = (text: string) =>
    text
      .normalize('NFD')
      .replace(/\p{Diacritic}/gu, '')
      .toLocaleLowerCase();
  const haystack = fold(name);
  return fold(search)
    .split(/\s+/)
    .filter(Boolean)
    .every((word) => haystack.includes(word));
}

/** One line of the Recent list: a section's header or a room under it. */
export type TRoomLine = { kind: 'header'; section: TRoomSection } | { kind: 'room'; room: TChatRoom };

/** The sections as the flat lines the virtual list shows. */
export function toRoomLines(sections: readonly TRoomSection[]): TRoomLine[] {
  return sections.flatMap((section): TRoomLine[] => [
    { kind: 'header', section },
    ...section.rooms.map((room) => ({ kind: 'room' as const, room })),
  ]);
}
