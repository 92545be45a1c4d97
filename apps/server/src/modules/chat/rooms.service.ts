import { CHAT_LIMITS, type TChatRoom, type TMessage, type TSystemEvent } from '@rounds/contracts/chat';
import { SERVER_EVENTS } from '@rounds/contracts/events';
import { LIMITS } from '@rounds/contracts/limits';
import { compareNames } from '@rounds/contracts/names';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/database';
import { conflict, forbidden, invalidField } from '../../lib/errors';
import { newId } from '../../lib/ids';
import type { MessageCrypto } from '../../lib/message-crypto';
import type { TextKey } from '../../lib/texts';
import { writeAudit } from '../audit/audit.service';
import { namesByIds, usersByIds } from '../users/users.store';
import { appendMessage, publishMessages } from './messages.store';
import { fullName, roomViews } from './room-view';
import {
  insertMembers,
  memberIds,
  memberRooms,
  requireMember,
  roleSeats,
  roomOfRole,
  roomUnavailable,
  seatMembers,
} from './rooms.store';

type Person = { id: string; fullName: string };

const participantsError = (key: TextKey) => invalidField('participants', key, {}, 'VALIDATION');
const nameKey = (name: string) => name.trim().toLowerCase();

/** A new room with its first members: a group (name, owner) or a direct chat (the pair's key). */
async function insertRoom(
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

async function people(db: Db, ids: string[]): Promise<Person[]> {
  if (ids.length === 0) return [];
  const rows = await namesByIds(db, ids);
  const byId = new Map(rows.map((r) => [r.id, { id: r.id, fullName: fullName(r) }]));
  return ids.map((id) => byId.get(id)).filter((p): p is Person => p !== undefined);
}

/**
 * Users who may be put in a group: they exist, are active and not deleted, and have logged in at least once
 * (spec doc 1 section 4). Anything else is a 400 naming the participants field.
 */
async function assertPickable(db: Db, ids: string[], requireLogin: boolean): Promise<void> {
  if (ids.length === 0) return;
  const rows = await usersByIds(db, ids, ['last_login_at'], 'live');
  const ok = new Set(rows.filter((r) => !requireLogin || r.last_login_at !== null).map((r) => r.id));
  if (ids.some((id) => !ok.has(id))) throw participantsError('onlyActiveSignedIn');
}

async function assertNameFree(db: Db, name: string, exceptRoomId?: string): Promise<void> {
  let q = db.selectFrom('rooms').select('id').where('name_key', '=', nameKey(name));
  if (exceptRoomId) q = q.where('id', '!=', exceptRoomId);
  if (await q.executeTakeFirst()) throw conflict('groupNameTaken', 'DUPLICATE_NAME');
}

function isUniqueViolation(err: unknown): boolean {
  const e = err as { code?: string; message?: string };
  return e?.code === '23505' || /UNIQUE constraint failed/.test(e?.message ?? '');
}

export type ChatDeps = { app: FastifyInstance; crypto: MessageCrypto };

export function createRoomsService({ app, crypto }: ChatDeps) {
  const db = app.db;
  const viewsFor = async (userId: string, roomIds: string[]) =>
    roomViews(app, userId, await memberRooms(db, userId, roomIds), crypto);
  const viewFor = async (userId: string, roomId: string): Promise<TChatRoom> => {
    const [view] = await viewsFor(userId, [roomId]);
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

  /** After commit: new members learn of the room, removed ones lose it, the rest refetch it, all see what happened. */
  const announce = async (
    roomId: string,
    o: { created?: string[]; updated?: string[]; removed?: string[]; by?: Person; messages?: TMessage[] },
  ) => {
    if (o.created?.length) app.publish(SERVER_EVENTS.ConversationCreated, { twId: roomId }, { users: o.created });
    if (o.updated?.length) app.publish(SERVER_EVENTS.ChatRoomUpdated, { twId: roomId }, { users: o.updated });
    if (o.removed?.length) {
      app.publish(
        SERVER_EVENTS.ChatRoomDeleted,
        { twId: roomId, archived: false, by: o.by ?? null },
        { users: o.removed },
      );
    }
    await publishMessages(app, o.messages ?? []);
  };

  const createGroup = async (userId: string, otherIds: string[], name: string): Promise<TChatRoom> => {
    if (otherIds.length === 0) throw participantsError('chooseOnePerson');
    // A group holds groupMembersMax people, its owner among them (as adding and editing members already say).
    if (otherIds.length + 1 > CHAT_LIMITS.groupMembersMax) throw participantsError('tooManyMembers');
    await assertPickable(db, otherIds, true);
    const members = [userId, ...otherIds];
    const now = Date.now();
    const roomId = newId(now);
    let created: TMessage;
    try {
      created = await db.transaction().execute(async (trx) => {
        await assertNameFree(trx, name);
        await insertRoom(trx, { id: roomId, type: 'group', name, ownerId: userId }, members, now);
        const [initiator] = await people(trx, [userId]);
        const message = await system(
          trx,
          roomId,
          { type: 'created', data: { initiator: initiator!, users: await people(trx, otherIds), name } },
          now,
        );
        await writeAudit(trx, { userId, event: 'group created', details: { roomId, name, members: members.length } });
        return message;
      });
    } catch (err) {
      if (isUniqueViolation(err)) throw conflict('groupNameTaken', 'DUPLICATE_NAME');
      throw err;
    }
    await announce(roomId, { created: members, messages: [created] });
    return viewFor(userId, roomId);
  };

  const openDirect = async (userId: string, otherId: string): Promise<TChatRoom> => {
    const key = [userId, otherId].sort().join(':');
    const find = () => db.selectFrom('rooms').select('id').where('direct_key', '=', key).executeTakeFirst();
    const existing = await find();
    if (existing) return viewFor(userId, existing.id);
    await assertPickable(db, [otherId], false);
    const now = Date.now();
    const roomId = newId(now);
    try {
      await db.transaction().execute(async (trx) => {
        await insertRoom(trx, { id: roomId, type: 'direct', directKey: key }, [userId, otherId], now);
      });
    } catch (err) {
      // Both people opened the chat at once: the other request made it.
      if (!isUniqueViolation(err)) throw err;
      const raced = await find();
      if (!raced) throw err;
      return viewFor(userId, raced.id);
    }
    await announce(roomId, { created: [userId, otherId] });
    return viewFor(userId, roomId);
  };

  /** A group name for people added to a direct chat: their first names, made unique with a counter. */
  const autoName = async (ids: string[]): Promise<string> => {
    const rows = await usersByIds(db, ids, ['first_name']);
    const base = rows
      .map((r) => r.first_name)
      .sort(compareNames)
      .join(', ')
      .slice(0, LIMITS.groupNameMax - 6);
    for (let n = 1; ; n += 1) {
      const name = n === 1 ? base : `${base} (${n})`;
      const taken = await db.selectFrom('rooms').select('id').where('name_key', '=', nameKey(name)).executeTakeFirst();
      if (!taken) return name;
    }
  };

  /** Adds members in a transaction with its system message; the owner check is the caller's. */
  const addMembers = async (userId: string, roomId: string, ids: string[]) => {
    const current = new Set(await memberIds(db, roomId));
    if (ids.some((id) => current.has(id))) throw conflict('alreadyMember', 'ALREADY_MEMBER');
    if (current.size + ids.length > CHAT_LIMITS.groupMembersMax) throw participantsError('tooManyMembers');
    await assertPickable(db, ids, true);
    const now = Date.now();
    const message = await db.transaction().execute(async (trx) => {
      await insertMembers(trx, roomId, ids, now);
      const [initiator] = await people(trx, [userId]);
      const added = await system(
        trx,
        roomId,
        { type: 'added', data: { initiator: initiator!, users: await people(trx, ids) } },
        now,
      );
      await writeAudit(trx, { userId, event: 'group updated', details: { roomId, added: ids } });
      return added;
    });
    await announce(roomId, { created: ids, updated: [...current], messages: [message] });
  };

  const removeMembers = async (userId: string, roomId: string, ids: string[], event: 'removed' | 'left') => {
    const now = Date.now();
    const [by] = await people(db, [userId]);
    const message = await db.transaction().execute(async (trx) => {
      await trx.deleteFrom('room_members').where('room_id', '=', roomId).where('user_id', 'in', ids).execute();
      const note = await system(
        trx,
        roomId,
        { type: event, data: { initiator: by!, users: await people(trx, ids) } },
        now,
      );
      await writeAudit(trx, {
        userId,
        event: event === 'left' ? 'group left' : 'group updated',
        details: { roomId, removed: ids },
      });
      return note;
    });
    await announce(roomId, { removed: ids, updated: await memberIds(db, roomId), by, messages: [message] });
    await app.calls.dropMembers(roomId, ids);
  };

  /**
   * A duty role's room follows its holders (issue 25): holders not in it are seated, holders' seats of people
   * who hold it no more are taken away (they lose the room live, as a removed member does), senders stay. A
   * sender who comes to hold the role takes a holder's seat: at the end of their turn they leave like any holder.
   * Race-safe across processes: seats are inserted unless present and deleted by who is still seated, and only
   * what this call changed is announced.
   */
  const seatHolders = async (roomId: string, role: { id: string; name: string }, holderIds: string[]) => {
    const now = Date.now();
    const by = { id: role.id, fullName: role.name };
    const change = await db.transaction().execute(async (trx) => {
      const seats = new Map((await roleSeats(trx, [roomId])).map((s) => [s.user_id, s.role_seat]));
      const promoted = holderIds.filter((id) => seats.get(id) === 'sender');
      if (promoted.length > 0) {
        await trx
          .updateTable('room_members')
          .set({ role_seat: 'holder' })
          .where('room_id', '=', roomId)
          .where('user_id', 'in', promoted)
          .execute();
      }
      const added = await seatMembers(
        trx,
        roomId,
        holderIds.filter((id) => !seats.has(id)),
        'holder',
        now,
      );
      let leaving = trx.deleteFrom('room_members').where('room_id', '=', roomId).where('role_seat', '=', 'holder');
      if (holderIds.length > 0) leaving = leaving.where('user_id', 'not in', holderIds);
      const removed = (await leaving.returning('user_id').execute()).map((r) => r.user_id);
      const messages: TMessage[] = [];
      if (added.length > 0) {
        messages.push(
          await system(trx, roomId, { type: 'added', data: { initiator: by, users: await people(trx, added) } }, now),
        );
      }
      if (removed.length > 0) {
        messages.push(
          await system(
            trx,
            roomId,
            { type: 'removed', data: { initiator: by, users: await people(trx, removed) } },
            now,
          ),
        );
      }
      return { added, removed, messages };
    });
    if (change.messages.length === 0) return;
    const stayed = (await memberIds(db, roomId)).filter((id) => !change.added.includes(id));
    await announce(roomId, {
      created: change.added,
      removed: change.removed,
      updated: stayed,
      by,
      messages: change.messages,
    });
    if (change.removed.length > 0) await app.calls.dropMembers(roomId, change.removed);
  };

  /**
   * Opens a duty role's conversation for `userId` (issue 25): its one room, started with the role's holders the
   * first time (a group named after the role, with no owner: its members follow the role, nobody edits them), and
   * continued after, the caller seated as a sender when they are not a member. Answers the room as they see it.
   */
  const openRoleRoom = async (userId: string, role: { id: string; name: string }, holderIds: string[]) => {
    const existing = await roomOfRole(db, role.id);
    if (existing) {
      await seatHolders(existing, role, holderIds);
      const now = Date.now();
      const joined = await db.transaction().execute(async (trx) => {
        const [seated] = await seatMembers(trx, existing, [userId], 'sender', now);
        if (!seated) return null;
        const [me] = await people(trx, [userId]);
        return system(trx, existing, { type: 'added', data: { initiator: me!, users: [me!] } }, now);
      });
      if (joined) {
        const others = (await memberIds(db, existing)).filter((id) => id !== userId);
        await announce(existing, { created: [userId], updated: others, messages: [joined] });
      }
      return viewFor(userId, existing);
    }
    const now = Date.now();
    const roomId = newId(now);
    const senders = holderIds.includes(userId) ? [] : [userId];
    try {
      const created = await db.transaction().execute(async (trx) => {
        await insertRoom(trx, { id: roomId, type: 'group', name: role.name, dutyRoleId: role.id }, [], now);
        await seatMembers(trx, roomId, holderIds, 'holder', now);
        await seatMembers(trx, roomId, senders, 'sender', now);
        const [initiator] = await people(trx, [userId]);
        const message = await system(
          trx,
          roomId,
          { type: 'created', data: { initiator: initiator!, users: await people(trx, holderIds), name: role.name } },
          now,
        );
        await writeAudit(trx, {
          userId,
          event: 'group created',
          details: { roomId, name: role.name, roleId: role.id },
        });
        return message;
      });
      await announce(roomId, { created: [...holderIds, ...senders], messages: [created] });
      return viewFor(userId, roomId);
    } catch (err) {
      // Two people opened the role's conversation at once: the other request started it (rooms_duty_role_uq).
      if (!isUniqueViolation(err)) throw err;
      return openRoleRoom(userId, role, holderIds);
    }
  };

  const requireOwnedGroup = async (userId: string, twId: string) => {
    const found = await requireMember(db, userId, twId);
    if (found.room.type !== 'group') throw forbidden('notAGroup', 'NOT_A_GROUP');
    if (found.room.archived_by !== null) throw roomUnavailable();
    if (found.room.owner_id !== userId) throw forbidden('notGroupOwner', 'NOT_OWNER');
    return found;
  };

  return {
    viewFor,
    openRoleRoom,
    seatHolders,

    list: async (userId: string, keyword?: string): Promise<TChatRoom[]> => {
      const views = await roomViews(app, userId, await memberRooms(db, userId), crypto);
      const term = keyword?.trim().toLowerCase();
      return views
        .filter((v) => !term || v.name.toLowerCase().includes(term))
        .sort((a, b) => b.updatedAt - a.updatedAt || (a.id < b.id ? 1 : -1));
    },

    create: async (userId: string, body: { participants: string[]; type: 'direct' | 'group'; name?: string }) => {
      const others = [...new Set(body.participants)].filter((id) => id !== userId);
      if (body.type === 'direct') {
        if (others.length !== 1) throw participantsError('directChatOneOther');
        return openDirect(userId, others[0]!);
      }
      return createGroup(userId, others, body.name!);
    },

    searchGroups: async (userId: string, keyword: string): Promise<TChatRoom[]> => {
      const term = keyword.trim().toLowerCase();
      const views = await roomViews(app, userId, await memberRooms(db, userId), crypto);
      return views
        .filter((v) => v.type === 'group' && !v.archived && (!term || v.name.toLowerCase().includes(term)))
        .sort((a, b) => compareNames(a.name, b.name));
    },

    /** The user's live rooms whose members are exactly these people and the user: the similar-groups check. */
    byParticipants: async (userId: string, participants: string[]): Promise<TChatRoom[]> => {
      const wanted = new Set([...participants, userId]);
      const mine = (await memberRooms(db, userId)).filter((r) => r.room.archived_by === null);
      if (mine.length === 0) return [];
      const members = new Map<string, Set<string>>();
      for (const r of await db
        .selectFrom('room_members')
        .select(['room_id', 'user_id'])
        .where(
          'room_id',
          'in',
          mine.map((m) => m.room.id),
        )
        .execute()) {
        const set = members.get(r.room_id) ?? new Set<string>();
        set.add(r.user_id);
        members.set(r.room_id, set);
      }
      const same = mine.filter((m) => {
        const set = members.get(m.room.id);
        return set !== undefined && set.size === wanted.size && [...wanted].every((id) => set.has(id));
      });
      return roomViews(app, userId, same, crypto);
    },

    update: async (userId: string, body: { twId: string; participants: string[]; name: string }) => {
      const { room } = await requireOwnedGroup(userId, body.twId);
      const next = new Set(body.participants);
      if (!next.has(userId)) throw participantsError('ownerStays');
      if (next.size > CHAT_LIMITS.groupMembersMax) throw participantsError('tooManyMembers');
      if (next.size < 2) throw participantsError('chooseOnePerson');
      const before = new Set(await memberIds(db, room.id));
      const added = [...next].filter((id) => !before.has(id));
      const removed = [...before].filter((id) => !next.has(id));
      await assertPickable(db, added, true);
      const renamed = body.name !== room.name;
      const now = Date.now();
      const [by] = await people(db, [userId]);
      let messages: TMessage[];
      try {
        messages = await db.transaction().execute(async (trx) => {
          const out: TMessage[] = [];
          if (renamed) {
            await assertNameFree(trx, body.name, room.id);
            await trx
              .updateTable('rooms')
              .set({ name: body.name, name_key: nameKey(body.name), updated_at: now })
              .where('id', '=', room.id)
              .execute();
            out.push(
              await system(
                trx,
                room.id,
                { type: 'renamed', data: { initiator: by!, users: [], name: body.name } },
                now,
              ),
            );
          }
          if (added.length > 0) {
            await insertMembers(trx, room.id, added, now);
            out.push(
              await system(
                trx,
                room.id,
                { type: 'added', data: { initiator: by!, users: await people(trx, added) } },
                now,
              ),
            );
          }
          if (removed.length > 0) {
            await trx
              .deleteFrom('room_members')
              .where('room_id', '=', room.id)
              .where('user_id', 'in', removed)
              .execute();
            out.push(
              await system(
                trx,
                room.id,
                { type: 'removed', data: { initiator: by!, users: await people(trx, removed) } },
                now,
              ),
            );
          }
          await writeAudit(trx, {
            userId,
            event: 'group updated',
            details: { roomId: room.id, renamed, added, removed },
          });
          return out;
        });
      } catch (err) {
        if (isUniqueViolation(err)) throw conflict('groupNameTaken', 'DUPLICATE_NAME');
        throw err;
      }
      await announce(room.id, {
        created: added,
        updated: [...before].filter((id) => next.has(id)),
        removed,
        by,
        messages,
      });
      if (removed.length > 0) await app.calls.dropMembers(room.id, removed);
      return viewFor(userId, room.id);
    },

    /** add-contacts: the owner adds to a group; in a direct chat either person adds, which makes a new group. */
    addContacts: async (userId: string, twId: string, contacts: string[]): Promise<TChatRoom> => {
      const ids = [...new Set(contacts)];
      const found = await requireMember(db, userId, twId);
      if (found.room.type === 'direct') {
        const pair = await memberIds(db, found.room.id);
        if (ids.some((id) => pair.includes(id))) throw conflict('alreadyMember', 'ALREADY_MEMBER');
        const others = [...pair.filter((id) => id !== userId), ...ids];
        await assertPickable(db, others, true);
        return createGroup(userId, others, await autoName([userId, ...others]));
      }
      await requireOwnedGroup(userId, twId);
      await addMembers(userId, found.room.id, ids);
      return viewFor(userId, found.room.id);
    },

    removeContacts: async (userId: string, twId: string, contacts: string[]): Promise<TChatRoom> => {
      const { room } = await requireOwnedGroup(userId, twId);
      const ids = [...new Set(contacts)];
      if (ids.includes(userId)) throw participantsError('ownerStays');
      const current = new Set(await memberIds(db, room.id));
      if (ids.some((id) => !current.has(id))) throw participantsError('notGroupMember');
      await removeMembers(userId, room.id, ids, 'removed');
      return viewFor(userId, room.id);
    },

    leave: async (userId: string, twId: string): Promise<void> => {
      const { room, member } = await requireMember(db, userId, twId);
      if (room.type === 'direct') throw forbidden('directChatCannotBeLeft', 'DIRECT_CHAT');
      // A role's room is its holders' while they hold it (issue 25): leaving is releasing the role.
      if (member.role_seat === 'holder') throw forbidden('holderCannotLeave', 'ROLE_HOLDER');
      if (room.owner_id === userId && room.archived_by === null) {
        throw forbidden('ownerCannotLeave', 'OWNER_CANNOT_LEAVE');
      }
      await removeMembers(userId, room.id, [userId], 'left');
    },

    /** The owner deletes a group: gone from the owner's list, archived (read-only) for the others. */
    remove: async (userId: string, twId: string): Promise<void> => {
      const { room } = await requireOwnedGroup(userId, twId);
      const now = Date.now();
      await db.transaction().execute(async (trx) => {
        await trx
          .updateTable('rooms')
          .set({ archived_by: userId, name_key: null, updated_at: now })
          .where('id', '=', room.id)
          .execute();
        await trx.deleteFrom('room_members').where('room_id', '=', room.id).where('user_id', '=', userId).execute();
        await writeAudit(trx, { userId, event: 'group deleted', details: { roomId: room.id, name: room.name } });
      });
      const [by] = await people(db, [userId]);
      app.publish(
        SERVER_EVENTS.ChatRoomDeleted,
        { twId: room.id, archived: false, by: by ?? null },
        { users: [userId] },
      );
      app.publish(
        SERVER_EVENTS.ChatRoomDeleted,
        { twId: room.id, archived: true, by: by ?? null },
        { users: await memberIds(db, room.id) },
      );
      await app.calls.closeRoom(room.id, userId);
    },

    setFlag: async (userId: string, twId: string, flag: 'is_favorite' | 'muted', on: boolean): Promise<void> => {
      const { room } = await requireMember(db, userId, twId);
      await db
        .updateTable('room_members')
        .set({ [flag]: on ? 1 : 0 })
        .where('room_id', '=', room.id)
        .where('user_id', '=', userId)
        .execute();
      app.publish(SERVER_EVENTS.ConversationUpdated, { twId: room.id }, { users: [userId] });
    },
  };
}

export type RoomsService = ReturnType<typeof createRoomsService>;
