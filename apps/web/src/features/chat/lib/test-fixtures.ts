import type { TChatRoom, TMessage } from '@rounds/contracts/chat';

/** Builders for the chat's unit tests: a valid message or room with only what a test cares about changed. */

const hex = (n: number) => n.toString(16).padStart(24, '0');

export function message(seq: number, patch: Partial<TMessage> = {}): TMessage {
  return {
    id: hex(1000 + seq),
    clientId: `client-${seq}`,
    twId: hex(1),
    seq,
    body: `message ${seq}`,
    timetoken: Date.UTC(2025, 2, 3, 10, 0) + seq * 60_000,
    author: hex(7),
    authorName: 'Liam Hebert',
    attributes: {},
    files: [],
    voice: null,
    ...patch,
  };
}

export function room(patch: Partial<TChatRoom> = {}): TChatRoom {
  return {
    id: hex(1),
    twId: hex(1),
    type: 'direct',
    name: 'Liam Hebert',
    avatar: null,
    owner: null,
    participants: [],
    isFavorite: false,
    muted: false,
    unreadCount: 0,
    lastMessage: null,
    lastSeq: 0,
    lastReadSeq: 0,
    readByOthersSeq: 0,
    archived: false,
    archivedBy: null,
    disabled: false,
    chatStatus: 1,
    createdAt: Date.UTC(2025, 0, 1),
    updatedAt: Date.UTC(2025, 0, 1),
    ...patch,
  };
}

export const ids = { me: hex(9), other: hex(7), room: hex(1), room2: hex(2) };
export { hex };
