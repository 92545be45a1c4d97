import { type SqlBool, sql } from 'kysely';
import type { Db } from '../../db/database';
import { notFound } from '../../lib/errors';
import { groupBy } from '../../lib/group-by';
import { padded } from '../../lib/tick-batch';
import { liveUser } from '../users/users.store';

/**
 * Room membership as stored: the queries every chat service asks before it acts. No rules here beyond "a
 * non-member learns nothing" (the same 404 as a room that does not exist).
 */

export const roomUnavailable = () => notFound('conversationUnavailable', 'CONVERSATION_UNAVAILABLE');

const memberRoomsQuery = (db: Db) =>
  db
    .selectFrom('room_members')
    .innerJoin('rooms', 'rooms.id', 'room_members.room_id')
    .selectAll('rooms')
    .select([
      'room_members.room_id',
      'room_members.user_id',
      'room_members.joined_at',
      'room_members.is_favorite',
      'room_members.muted',
      'room_members.last_read_seq',
      'room_members.unread_count',
      'room_members.delivered_seq',
      'room_members.role_seat',
    ]);

type MemberRoomRow = Awaited<ReturnType<ReturnType<typeof memberRoomsQuery>['execute']>>[number];

const memberRoom = (r: MemberRoomRow) => ({
  room: {
    id: r.id,
    type: r.type,
    name: r.name,
    name_key: r.name_key,
    direct_key: r.direct_key,
    owner_id: r.owner_id,
    archived_by: r.archived_by,
    last_seq: r.last_seq,
    last_message_id: r.last_message_id,
    last_message_at: r.last_message_at,
    duty_role_id: r.duty_role_id,
    created_at: r.created_at,
    updated_at: r.updated_at,
  },
  member: {
    room_id: r.room_id,
    user_id: r.user_id,
    joined_at: r.joined_at,
    is_favorite: r.is_favorite,
    muted: r.muted,
    last_read_seq: r.last_read_seq,
    unread_count: r.unread_count,
    delivered_seq: r.delivered_seq,
    role_seat: r.role_seat,
  },
});

export type MemberRoom = ReturnType<typeof memberRoom>;

/** Rooms of `userId` with their member rows; `roomIds` narrows to those. */
export async function memberRooms(db: Db, userId: string, roomIds?: string[]) {
  if (roomIds && roomIds.length === 0) return [];
  let q = memberRoomsQuery(db).where('room_members.user_id', '=', userId);
  if (roomIds) q = q.where('rooms.id', 'in', roomIds);
  return (await q.execute()).map(memberRoom);
}

export const memberPairKey = (userId: string, roomId: string) => `${userId} ${roomId}`;

/**
 * Several people's memberships at once (a burst of call events): each (user, room) asked for that is a
 * membership, keyed by memberPairKey.
 */
export async function memberRoomPairs(
  db: Db,
  pairs: readonly { userId: string; roomId: string }[],
): Promise<Map<string, MemberRoom>> {
  const found = new Map<string, MemberRoom>();
  if (pairs.length === 0) return found;
  const asked = new Set(pairs.map((p) => memberPairKey(p.userId, p.roomId)));
  const rows = await memberRoomsQuery(db)
    .where('room_members.room_id', 'in', padded([...new Set(pairs.map((p) => p.roomId))]))
    .where('room_members.user_id', 'in', padded([...new Set(pairs.map((p) => p.userId))]))
    .execute();
  for (const r of rows) {
    const key = memberPairKey(r.user_id, r.room_id);
    if (asked.has(key)) found.set(key, memberRoom(r));
  }
  return found;
}

/** The room if `userId` is a member; a non-member gets the same 404 as a room that does not exist. */
export async function requireMember(db: Db, userId: string, twId: string) {
  const [found] = await memberRooms(db, userId, [twId]);
  if (!found) throw roomUnavailable();
  return found;
}

/**
 * A live break-glass grant of `userId` on the room `roomRef` names (a column reference), held while they are an
 * active Admin (one demoted or deactivated mid-hour reads no more). The grants are compliance's to write
 * (modules/compliance/break-glass); read here so that chat's one read check does not depend on that module.
 */
const liveGrantOn = (userId: string, roomRef: string, now: number) => sql<SqlBool>`exists (
  select 1 from break_glass_grants g
  inner join users gu on gu.id = g.admin_id
  where g.room_id = ${sql.ref(roomRef)} and g.admin_id = ${userId} and g.ended_at is null and g.expires_at > ${now}
    and gu.role = 'Admin' and gu.active = 1 and gu.deleted = 0
)`;

/**
 * The one place "may this user read the room `roomRef` names" is decided: a member, or an Admin holding a live
 * break-glass grant on it (issue 27, read-only: every write still asks requireMember). Every read of a room's
 * history, members and files asks it; no other path lets a non-member read a room.
 */
export const mayReadRoom = (userId: string, roomRef: string, now: number) => sql<SqlBool>`(
  exists (select 1 from room_members rm where rm.room_id = ${sql.ref(roomRef)} and rm.user_id = ${userId})
  or ${liveGrantOn(userId, roomRef, now)}
)`;

/**
 * The room if `userId` may read it (mayReadRoom), with where retention left its history beginning and, for a
 * member, how far it has reached their devices; null for anyone else. A grant's holder is no member: null.
 */
export async function roomReader(db: Db, userId: string, roomId: string, now: number) {
  const row = await db
    .selectFrom('rooms')
    .leftJoin('room_members as me', (join) => join.onRef('me.room_id', '=', 'rooms.id').on('me.user_id', '=', userId))
    .select(['rooms.id', 'rooms.retained_from', 'me.delivered_seq'])
    .where('rooms.id', '=', roomId)
    .where(mayReadRoom(userId, 'rooms.id', now))
    .executeTakeFirst();
  if (!row) return null;
  return {
    roomId: row.id,
    retainedFrom: row.retained_from == null ? null : Number(row.retained_from),
    deliveredSeq: row.delivered_seq == null ? null : Number(row.delivered_seq),
  };
}

/**
 * The message each room's list entry previews: the last one a person wrote (system lines have no author), or
 * the room's last message when no person's message is left; a call's four lines do not bury the text of an
 * URGENT (issue 28). One query: per room a backward walk of the (room, seq) index that stops at the first
 * message with an author, which after a call is five rows.
 */
export async function previewMessageRows(db: Db, roomIds: readonly string[]) {
  if (roomIds.length === 0) return [];
  return db
    .selectFrom('messages')
    .selectAll()
    .where('id', 'in', (eb) =>
      eb
        .selectFrom('rooms as r')
        .select((inner) =>
          inner.fn
            .coalesce(
              inner
                .selectFrom('messages as p')
                .select('p.id')
                .whereRef('p.room_id', '=', 'r.id')
                .where('p.author_id', 'is not', null)
                .where('p.removed', '=', 0)
                .orderBy('p.seq', 'desc')
                .limit(1),
              'r.last_message_id',
            )
            .as('id'),
        )
        .where('r.id', 'in', [...roomIds]),
    )
    .execute();
}

/** A duty role's room (issue 25), if it has one yet. */
export async function roomOfRole(db: Db, roleId: string): Promise<string | undefined> {
  return (await db.selectFrom('rooms').select('id').where('duty_role_id', '=', roleId).executeTakeFirst())?.id;
}

/** The members of duty roles' rooms with why each is there (issue 25): their seat, 'holder' or 'sender'. */
export async function roleSeats(db: Db, roomIds: string[]) {
  if (roomIds.length === 0) return [];
  return db
    .selectFrom('room_members')
    .select(['room_id', 'user_id', 'role_seat'])
    .where('room_id', 'in', roomIds)
    .execute();
}

/** Every duty role's room with its role: what the holders' sweep walks. */
export async function roleRooms(db: Db): Promise<{ roomId: string; roleId: string }[]> {
  const rows = await db
    .selectFrom('rooms')
    .select(['id', 'duty_role_id'])
    .where('duty_role_id', 'is not', null)
    .where('archived_by', 'is', null)
    .execute();
  return rows.map((r) => ({ roomId: r.id, roleId: r.duty_role_id! }));
}

/** Whether `userId` is in the room: requireMember's question answered yes or no instead of the room or a 404. */
export async function isMember(db: Db, userId: string, roomId: string): Promise<boolean> {
  return (await memberRooms(db, userId, [roomId])).length > 0;
}

/** Everyone in a room, active or not. */
export async function memberIds(db: Db, roomId: string): Promise<string[]> {
  const rows = await db.selectFrom('room_members').select('user_id').where('room_id', '=', roomId).execute();
  return rows.map((r) => r.user_id);
}

/**
 * The active members (not deactivated, not deleted) of each room. The rooms' members first, then each one's user
 * row by its key: as a plain join, SQLite starts from the users' (deleted, active) index, i.e. every active user
 * of the hospital, on every call (bench/calls).
 */
export async function activeMembersOf(db: Db, roomIds: string[]): Promise<Map<string, string[]>> {
  if (roomIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('room_members')
    .select(['room_members.room_id as room_id', 'room_members.user_id as user_id'])
    .where('room_members.room_id', 'in', roomIds)
    .where((eb) =>
      eb.exists(
        eb.selectFrom('users').select('users.id').whereRef('users.id', '=', 'room_members.user_id').where(liveUser),
      ),
    )
    .execute();
  return groupBy(
    rows,
    (r) => r.room_id,
    (r) => r.user_id,
  );
}

/** The direct rooms of a user, each with its other member. */
/** Everyone who shares a room with this user, themselves included: who sees their call buttons. */
export async function roomMatesOf(db: Db, userId: string): Promise<string[]> {
  const rows = await db
    .selectFrom('room_members as subject')
    .innerJoin('room_members as viewer', 'viewer.room_id', 'subject.room_id')
    .select('viewer.user_id as id')
    .distinct()
    .where('subject.user_id', '=', userId)
    .execute();
  return [...new Set([userId, ...rows.map((r) => r.id)])];
}

export function directPartners(db: Db, userId: string): Promise<{ twId: string; userId: string }[]> {
  return db
    .selectFrom('room_members as mine')
    .innerJoin('rooms', 'rooms.id', 'mine.room_id')
    .innerJoin('room_members as other', 'other.room_id', 'mine.room_id')
    .select(['rooms.id as twId', 'other.user_id as userId'])
    .where('mine.user_id', '=', userId)
    .where('rooms.type', '=', 'direct')
    .where('other.user_id', '<>', userId)
    .execute();
}

/** New members of a room: not favorite, not muted, nothing read; in a duty role's room, with their seat. */
const memberRows = (roomId: string, userIds: string[], now: number, seat: 'holder' | 'sender' | null = null) =>
  userIds.map((id) => ({
    room_id: roomId,
    user_id: id,
    joined_at: now,
    is_favorite: 0,
    muted: 0,
    last_read_seq: 0,
    unread_count: 0,
    role_seat: seat,
  }));

export function insertMembers(trx: Db, roomId: string, userIds: string[], now: number) {
  return trx
    .insertInto('room_members')
    .values(memberRows(roomId, userIds, now))
    .execute();
}

/**
 * Adds people to a room unless they are in it already (another process may have added them a moment ago), in a
 * duty role's room with their seat: answers those this call added, so only they are announced, once.
 */
export async function seatMembers(
  trx: Db,
  roomId: string,
  userIds: string[],
  seat: 'holder' | 'sender' | null,
  now: number,
): Promise<string[]> {
  if (userIds.length === 0) return [];
  const rows = await trx
    .insertInto('room_members')
    .values(memberRows(roomId, [...new Set(userIds)], now, seat))
    .onConflict((oc) => oc.columns(['room_id', 'user_id']).doNothing())
    .returning('user_id')
    .execute();
  return rows.map((r) => r.user_id);
}

/** A group's name as it is kept unique: trimmed, in lower case. */
export const nameKey = (name: string) => name.trim().toLowerCase();

/** A new room with its first members: a group (name, owner) or a direct chat (the pair's key). */
export async function insertRoom(
  trx: Db,
  room: {
    id: string;
    type: 'direct' | 'group';
    name?: string;
    ownerId?: string;
    directKey?: string;
    dutyRoleId?: string;
  },
  members: string[],
  now: number,
) {
  await trx
    .insertInto('rooms')
    .values({
      id: room.id,
      type: room.type,
      name: room.name ?? null,
      // A role's room takes no group name: two facilities may both have a "Cardiology on call".
      name_key: room.name === undefined || room.dutyRoleId ? null : nameKey(room.name),
      duty_role_id: room.dutyRoleId ?? null,
      direct_key: room.directKey ?? null,
      owner_id: room.ownerId ?? null,
      archived_by: null,
      last_seq: 0,
      last_message_id: null,
      last_message_at: null,
      created_at: now,
      updated_at: now,
    })
    .execute();
  if (members.length > 0) await insertMembers(trx, room.id, members, now);
}

/** Whether a group other than `exceptRoomId` goes by this name. */
export async function groupNameTaken(db: Db, name: string, exceptRoomId?: string): Promise<boolean> {
  let q = db.selectFrom('rooms').select('id').where('name_key', '=', nameKey(name));
  if (exceptRoomId) q = q.where('id', '!=', exceptRoomId);
  return (await q.executeTakeFirst()) !== undefined;
}

/** The direct chat of a pair, by its key. */
export async function directRoomId(db: Db, directKey: string): Promise<string | undefined> {
  return (await db.selectFrom('rooms').select('id').where('direct_key', '=', directKey).executeTakeFirst())?.id;
}

export async function renameGroup(trx: Db, roomId: string, name: string, now: number): Promise<void> {
  await trx
    .updateTable('rooms')
    .set({ name, name_key: nameKey(name), updated_at: now })
    .where('id', '=', roomId)
    .execute();
}

/** A deleted group: read-only for the others, its name free again, gone from its owner's list. */
export async function archiveGroup(trx: Db, roomId: string, ownerId: string, now: number): Promise<void> {
  await trx
    .updateTable('rooms')
    .set({ archived_by: ownerId, name_key: null, updated_at: now })
    .where('id', '=', roomId)
    .execute();
  await deleteMembers(trx, roomId, [ownerId]);
}

export async function deleteMembers(trx: Db, roomId: string, userIds: string[]): Promise<void> {
  await trx.deleteFrom('room_members').where('room_id', '=', roomId).where('user_id', 'in', userIds).execute();
}

/** The members of each of these rooms. */
export async function membersOfRooms(db: Db, roomIds: string[]): Promise<Map<string, Set<string>>> {
  const members = new Map<string, Set<string>>();
  for (const r of await db
    .selectFrom('room_members')
    .select(['room_id', 'user_id'])
    .where('room_id', 'in', roomIds)
    .execute()) {
    const set = members.get(r.room_id) ?? new Set<string>();
    set.add(r.user_id);
    members.set(r.room_id, set);
  }
  return members;
}

/** One member's favorite or mute flag. */
export async function setMemberFlag(
  db: Db,
  roomId: string,
  userId: string,
  flag: 'is_favorite' | 'muted',
  on: boolean,
): Promise<void> {
  await db
    .updateTable('room_members')
    .set({ [flag]: on ? 1 : 0 })
    .where('room_id', '=', roomId)
    .where('user_id', '=', userId)
    .execute();
}

/** Senders of a duty role's room who came to hold the role take a holder's seat. */
export async function promoteToHolders(trx: Db, roomId: string, userIds: string[]): Promise<void> {
  if (userIds.length === 0) return;
  await trx
    .updateTable('room_members')
    .set({ role_seat: 'holder' })
    .where('room_id', '=', roomId)
    .where('user_id', 'in', userIds)
    .execute();
}

/** Takes away the holders' seats of people not among `holderIds`: answers whose seats this call took. */
export async function unseatHoldersExcept(trx: Db, roomId: string, holderIds: string[]): Promise<string[]> {
  let leaving = trx.deleteFrom('room_members').where('room_id', '=', roomId).where('role_seat', '=', 'holder');
  if (holderIds.length > 0) leaving = leaving.where('user_id', 'not in', holderIds);
  return (await leaving.returning('user_id').execute()).map((r) => r.user_id);
}

/** The members of these rooms with what a room view shows of each (participants, read ticks), oldest first. */
export function memberViewRows(db: Db, roomIds: readonly string[]) {
  return db
    .selectFrom('room_members')
    .innerJoin('users', 'users.id', 'room_members.user_id')
    .select([
      'room_members.room_id',
      'room_members.joined_at',
      'room_members.last_read_seq',
      'users.id',
      'users.first_name',
      'users.last_name',
      'users.avatar',
      'users.chat_status',
      'users.deleted',
      'users.active',
      'users.permissions',
    ])
    .where('room_members.room_id', 'in', roomIds)
    .orderBy('room_members.joined_at')
    .execute();
}

/** The names of the duty roles role rooms belong to (a role room is titled with its role). */
export async function roleNames(db: Db, roleIds: readonly string[]): Promise<Map<string, string>> {
  if (roleIds.length === 0) return new Map();
  const rows = await db.selectFrom('duty_roles').select(['id', 'name']).where('id', 'in', roleIds).execute();
  return new Map(rows.map((r) => [r.id, r.name] as const));
}

/** The memberships of these users in these rooms, with each room's kind and state and the member's names. */
export function sendersMemberships(db: Db, roomIds: string[], userIds: string[]) {
  return (
    db
      .selectFrom('room_members')
      .innerJoin('rooms', 'rooms.id', 'room_members.room_id')
      .innerJoin('users', 'users.id', 'room_members.user_id')
      .select([
        'room_members.room_id',
        'room_members.user_id',
        'rooms.type',
        'rooms.archived_by',
        'rooms.duty_role_id',
        'users.first_name',
        'users.last_name',
      ])
      .where('room_members.room_id', 'in', roomIds)
      .where('room_members.user_id', 'in', userIds)
      // A socket opened before its user was deactivated or deleted sends nothing more.
      .where(liveUser)
      .execute()
  );
}

/** Those of these direct chats closed by a deleted member. */
export async function directRoomsWithDeletedMember(db: Db, roomIds: string[]): Promise<string[]> {
  if (roomIds.length === 0) return [];
  const rows = await db
    .selectFrom('room_members')
    .innerJoin('users', 'users.id', 'room_members.user_id')
    .select('room_members.room_id')
    .where('room_members.room_id', 'in', roomIds)
    .where('users.deleted', '=', 1)
    .execute();
  return rows.map((r) => r.room_id);
}

/** The other members who had not read up to seq `seq` have one unread message fewer (a message was removed). */
export async function unreadOneFewer(trx: Db, roomId: string, exceptUserId: string, seq: number): Promise<void> {
  await trx
    .updateTable('room_members')
    .set({ unread_count: sql`case when unread_count > 0 then unread_count - 1 else 0 end` })
    .where('room_id', '=', roomId)
    .where('user_id', '!=', exceptUserId)
    .where('last_read_seq', '<', seq)
    .execute();
}

/** The room's last message and when, after its last one was removed. */
export async function setLastMessage(trx: Db, roomId: string, messageId: string | null, at: number): Promise<void> {
  await trx
    .updateTable('rooms')
    .set({ last_message_id: messageId, last_message_at: at })
    .where('id', '=', roomId)
    .execute();
}

/** A member's read position moves forward only, with what is left unread. */
export async function advanceReadPosition(
  trx: Db,
  roomId: string,
  userId: string,
  upTo: number,
  unread: number,
): Promise<void> {
  await trx
    .updateTable('room_members')
    .set({ last_read_seq: upTo, unread_count: unread })
    .where('room_id', '=', roomId)
    .where('user_id', '=', userId)
    .where('last_read_seq', '<', upTo)
    .execute();
}
