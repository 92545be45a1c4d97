import type { TChatRoom, TMessage, TSystemEvent } from '@rounds/contracts/chat';
import { SERVER_EVENTS } from '@rounds/contracts/events';
import type { Db } from '../../db/database';
import { conflict, forbidden, invalidField } from '../../lib/errors';
import { newId } from '../../lib/ids';
import type { MessageCrypto } from '../../lib/message-crypto';
import type { TextKey } from '../../lib/texts';
import type { Publish } from '../../realtime/publish';
import { namesByIds, usersByIds } from '../users/users.store';
import { appendMessage, publishMessages } from './messages.store';
import { fullName, roomViews } from './room-view';
import { groupNameTaken, memberRooms, requireMember, roomUnavailable } from './rooms.store';

/** What the rooms' actions use (rooms.service composes them; one file per action). */
export type RoomsDeps = {
  db: Db;
  crypto: MessageCrypto;
  publish: Publish;
  /** Who among these has a socket now (modules/presence): the participants' live presence. */
  connectedUsers: (userIds: readonly string[]) => Promise<Set<string>>;
  /** People out of a room lose their part in its live call at once (modules/calls dropMembers). */
  dropCallMembers: (roomId: string, userIds: string[]) => Promise<void>;
  /** A deleted room's live call ends (modules/calls closeRoom). */
  closeRoomCall: (roomId: string, userId: string) => Promise<void>;
};

export type Person = { id: string; fullName: string };

export const participantsError = (key: TextKey) => invalidField('participants', key, {}, 'VALIDATION');

export async function people(db: Db, ids: string[]): Promise<Person[]> {
  if (ids.length === 0) return [];
  const rows = await namesByIds(db, ids);
  const byId = new Map(rows.map((r) => [r.id, { id: r.id, fullName: fullName(r) }]));
  return ids.map((id) => byId.get(id)).filter((p): p is Person => p !== undefined);
}

/**
 * Users who may be put in a group: they exist, are active and not deleted, and have logged in at least once
 * (spec doc 1 section 4). Anything else is a 400 naming the participants field.
 */
export async function assertPickable(db: Db, ids: string[], requireLogin: boolean): Promise<void> {
  if (ids.length === 0) return;
  const rows = await usersByIds(db, ids, ['last_login_at'], 'live');
  const ok = new Set(rows.filter((r) => !requireLogin || r.last_login_at !== null).map((r) => r.id));
  if (ids.some((id) => !ok.has(id))) throw participantsError('onlyActiveSignedIn');
}

async function assertNameFree(db: Db, name: string, exceptRoomId?: string): Promise<void> {
  if (await groupNameTaken(db, name, exceptRoomId)) throw conflict('groupNameTaken', 'DUPLICATE_NAME');
}

export function isUniqueViolation(err: unknown): boolean {
  const e = err as { code?: string; message?: string };
  return e?.code === '23505' || /UNIQUE constraint failed/.test(e?.message ?? '');
}

/**
 * A group's write in one transaction, its name checked free first when it is set (`name`, and the group it
 * may already be); a group named at the same time by someone else breaks the unique index: the same 409.
 */
export async function writeNamedGroup<T>(
  db: Db,
  name: { name: string; exceptRoomId?: string } | undefined,
  work: (trx: Db) => Promise<T>,
): Promise<T> {
  try {
    return await db.transaction().execute(async (trx) => {
      if (name) await assertNameFree(trx, name.name, name.exceptRoomId);
      return work(trx);
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw conflict('groupNameTaken', 'DUPLICATE_NAME');
    throw err;
  }
}

/** The deps with the helpers every action uses: the room as its user sees it, system messages, announcing. */
export function createRoomsContext(deps: RoomsDeps) {
  const { db, crypto, publish } = deps;
  const viewsOf = (userId: string, rooms: Awaited<ReturnType<typeof memberRooms>>) =>
    roomViews(deps, userId, rooms, crypto);
  const viewFor = async (userId: string, roomId: string): Promise<TChatRoom> => {
    const [view] = await viewsOf(userId, await memberRooms(db, userId, [roomId]));
    if (!view) throw roomUnavailable();
    return view;
  };
  const system = (trx: Db, roomId: string, event: TSystemEvent, now: number) =>
    appendMessage(
      trx,
      crypto,
      roomId,
      { authorId: null, authorName: '', clientId: newId(now), body: '', attributes: { systemMessage: true, event } },
      now,
    );

  /** The system message "X added / removed these people", named as they are now. */
  const membersChanged = async (
    trx: Db,
    roomId: string,
    type: 'added' | 'removed',
    initiator: Person,
    userIds: string[],
    now: number,
  ) => system(trx, roomId, { type, data: { initiator, users: await people(trx, userIds) } }, now);

  /** After commit: new members learn of the room, removed ones lose it, the rest refetch it, all see what happened. */
  const announce = async (
    roomId: string,
    o: { created?: string[]; updated?: string[]; removed?: string[]; by?: Person; messages?: TMessage[] },
  ) => {
    if (o.created?.length) publish(SERVER_EVENTS.ConversationCreated, { twId: roomId }, { users: o.created });
    if (o.updated?.length) publish(SERVER_EVENTS.ChatRoomUpdated, { twId: roomId }, { users: o.updated });
    if (o.removed?.length) {
      publish(SERVER_EVENTS.ChatRoomDeleted, { twId: roomId, archived: false, by: o.by ?? null }, { users: o.removed });
    }
    await publishMessages(deps, o.messages ?? []);
  };

  const requireOwnedGroup = async (userId: string, twId: string) => {
    const found = await requireMember(db, userId, twId);
    if (found.room.type !== 'group') throw forbidden('notAGroup', 'NOT_A_GROUP');
    if (found.room.archived_by !== null) throw roomUnavailable();
    if (found.room.owner_id !== userId) throw forbidden('notGroupOwner', 'NOT_OWNER');
    return found;
  };

  return { ...deps, viewsOf, viewFor, system, membersChanged, announce, requireOwnedGroup };
}

export type RoomsContext = ReturnType<typeof createRoomsContext>;
