import type { TChatRoom, TMessage, TParticipant } from '@rounds/contracts/chat';
import { ZMessageAttributes } from '@rounds/contracts/chat';
import { shownStatus, type TChatStatus } from '@rounds/contracts/user';
import type { Selectable } from 'kysely';
import type { Db, Engine } from '../../db/database';
import type { MessagesTable, RoomMembersTable, RoomsTable } from '../../db/schema';
import type { MessageCrypto } from '../../lib/message-crypto';
import { parsePermissions } from '../users/user-view';
import { namesByIds } from '../users/users.store';
import { lockedMessageRow, ZMedia } from './messages.store';
import { memberViewRows, previewMessageRows, roleNames } from './rooms.store';

// Where retention left the history beginning is the history's to tell (messages.service), not the room view's.
type RoomRow = Omit<Selectable<RoomsTable>, 'retained_from'>;
type MemberRow = Omit<Selectable<RoomMembersTable>, 'role_seat'>;
type MessageRow = Selectable<MessagesTable>;

/** Voice and video as the callee's call buttons see them: granted, and the account usable. */
function callPermissions(m: { active: number; deleted: number; permissions: string }): TParticipant['calls'] {
  const p = parsePermissions(m.permissions);
  const usable = m.active === 1 && m.deleted === 0;
  return { voice: usable && p.voice === true, video: usable && p.video === true };
}

export const fullName = (u: { first_name: string; last_name: string }) => `${u.first_name} ${u.last_name}`;

/** A stored message as clients see it; the body is decrypted here and nowhere else. */
export function toMessage(row: MessageRow, authorName: string, crypto: MessageCrypto): TMessage {
  // Most messages have neither attributes nor media: skip parsing those (a page of history reads a hundred).
  const attributes =
    row.attributes === '{}'
      ? { success: true as const, data: {} }
      : ZMessageAttributes.safeParse(JSON.parse(row.attributes));
  const media = row.media === null ? NO_MEDIA : ZMedia.safeParse(JSON.parse(row.media));
  return {
    id: row.id,
    clientId: row.client_id,
    twId: row.room_id,
    seq: Number(row.seq),
    body: crypto.open(row.body),
    timetoken: Number(row.created_at),
    author: row.author_id,
    authorName,
    attributes: attributes.success ? attributes.data : {},
    files: media.success ? media.data.files : [],
    voice: media.success ? media.data.voice : null,
    ...(row.as_role ? { asRole: row.as_role } : {}),
  };
}

const NO_MEDIA = { success: true as const, data: { files: [], voice: null } };

/** Messages with their authors' names, in the order given. */
export async function messagesWithAuthors(db: Db, rows: MessageRow[], crypto: MessageCrypto): Promise<TMessage[]> {
  const authorIds = [...new Set(rows.map((r) => r.author_id).filter((id): id is string => id !== null))];
  const names = new Map<string, string>();
  if (authorIds.length > 0) {
    for (const u of await namesByIds(db, authorIds)) {
      names.set(u.id, fullName(u));
    }
  }
  return rows.map((r) => toMessage(r, r.author_id ? (names.get(r.author_id) ?? '') : '', crypto));
}

/**
 * The rooms as `userId` sees them: per-user name of direct chats, favorite, mute, unread count, participants
 * with live presence, the last message. A handful of queries for the whole list, not a few per room.
 */
export type RoomViewDeps = {
  db: Db;
  /** Who among these has a socket now (modules/presence): the participants' live presence. */
  connectedUsers: (userIds: readonly string[]) => Promise<Set<string>>;
};

export async function roomViews(
  { db, connectedUsers }: RoomViewDeps,
  userId: string,
  rooms: { room: RoomRow; member: MemberRow }[],
  crypto: MessageCrypto,
): Promise<TChatRoom[]> {
  if (rooms.length === 0) return [];
  const roomIds = rooms.map((r) => r.room.id);
  const memberRows = await memberViewRows(db, roomIds);
  const archivers = rooms.map((r) => r.room.archived_by).filter((id): id is string => id !== null);
  const archiverNames = new Map<string, string>();
  if (archivers.length > 0) {
    for (const u of await namesByIds(db, archivers)) {
      archiverNames.set(u.id, fullName(u));
    }
  }
  // A duty role's room is named after the role as it is named now (a rename shows at once).
  const roleIds = rooms.map((r) => r.room.duty_role_id).filter((id): id is string => id !== null);
  const roleNameOf = await roleNames(db, roleIds);
  const online = await connectedUsers([...new Set(memberRows.map((m) => m.id))]);
  const participants = new Map<string, TParticipant[]>();
  // Read by everyone else up to: the lowest read position among the other members (my read ticks).
  const readByOthers = new Map<string, number>();
  for (const m of memberRows) {
    if (m.id !== userId) {
      const seq = Number(m.last_read_seq);
      readByOthers.set(m.room_id, Math.min(readByOthers.get(m.room_id) ?? seq, seq));
    }
    const connected = online.has(m.id);
    const list = participants.get(m.room_id) ?? [];
    list.push({
      id: m.id,
      firstName: m.first_name,
      lastName: m.last_name,
      fullName: fullName(m),
      avatar: m.avatar ? { path: m.avatar, isGenerated: false } : null,
      chatStatus: shownStatus({ chatStatus: m.chat_status as TChatStatus, connected }),
      connected,
      deleted: m.deleted === 1,
      calls: callPermissions(m),
    });
    participants.set(m.room_id, list);
  }
  const previews = await messagesWithAuthors(db, await previewMessageRows(db, roomIds), crypto);
  const lastMessages = new Map(previews.map((m) => [m.twId, m] as const));

  return rooms.map(({ room, member }) => {
    const people = participants.get(room.id) ?? [];
    const other = room.type === 'direct' ? people.find((p) => p.id !== userId) : undefined;
    const last = lastMessages.get(room.id);
    const role = room.duty_role_id ? { id: room.duty_role_id, name: roleNameOf.get(room.duty_role_id) ?? '' } : null;
    return {
      id: room.id,
      twId: room.id,
      type: room.type,
      name: room.type === 'direct' ? (other?.fullName ?? '') : (role?.name ?? room.name ?? ''),
      avatar: other?.avatar ?? null,
      owner: room.owner_id,
      participants: people,
      isFavorite: member.is_favorite === 1,
      muted: member.muted === 1,
      unreadCount: Number(member.unread_count),
      lastMessage: last ?? null,
      lastSeq: Number(room.last_seq),
      lastReadSeq: Number(member.last_read_seq),
      readByOthersSeq: readByOthers.get(room.id) ?? 0,
      archived: room.archived_by !== null,
      archivedBy: room.archived_by
        ? { id: room.archived_by, fullName: archiverNames.get(room.archived_by) ?? '' }
        : null,
      disabled: room.type === 'direct' && (other === undefined || other.deleted),
      chatStatus: room.type === 'direct' ? (other?.chatStatus ?? 4) : null,
      createdAt: Number(room.created_at),
      updatedAt: Number(room.last_message_at ?? room.updated_at),
      ...(role ? { dutyRole: role } : {}),
    };
  });
}

/** A message (not removed) with its author's name, its row locked for the transaction (messages.store). */
export async function lockedMessage(
  trx: Db,
  engine: Engine,
  crypto: MessageCrypto,
  messageId: string,
  roomId?: string,
): Promise<TMessage | null> {
  const row = await lockedMessageRow(trx, engine, messageId, roomId);
  if (!row) return null;
  const author = row.first_name === null ? '' : fullName({ first_name: row.first_name, last_name: row.last_name! });
  return toMessage(row, author, crypto);
}
