import {
  CALL_LIMITS,
  CALL_REFUSALS,
  canAnswer,
  canStart,
  type TCall,
  type TCallRefusal,
  type TCallType,
  ZCall,
} from '@rounds/contracts/calls';
import type { TMessage, TSystemEvent } from '@rounds/contracts/chat';
import { SERVER_EVENTS, type TServerEventName } from '@rounds/contracts/events';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/database';
import { AppError, forbidden } from '../../lib/errors';
import { createGroupCommit } from '../../lib/group-commit';
import { newId } from '../../lib/ids';
import type { MessageCrypto } from '../../lib/message-crypto';
import type { TextKey } from '../../lib/texts';
import { createTickBatch, padded } from '../../lib/tick-batch';
import { type AppendItem, appendToRooms, publishMessages } from '../chat/messages.store';
import { activeMembersOf, memberPairKey, memberRoomPairs, roleSeats, roomUnavailable } from '../chat/rooms.store';
import { parsePermissions } from '../users/user-view';
import { usersByIds } from '../users/users.store';
import {
  maxParticipants,
  startCall,
  type TCallAction,
  type TCallMay,
  type TCallNote,
  transition,
} from './call-machine';

const REFUSAL_TEXTS: Record<TCallRefusal, { status: number; key: TextKey }> = {
  [CALL_REFUSALS.notFound]: { status: 404, key: 'callEnded' },
  [CALL_REFUSALS.busyElsewhere]: { status: 409, key: 'callBusyElsewhere' },
  [CALL_REFUSALS.noPermission]: { status: 403, key: 'callNoPermission' },
  [CALL_REFUSALS.oneSharer]: { status: 409, key: 'chat.err_one_user_share' },
  [CALL_REFUSALS.notAllowed]: { status: 403, key: 'forbidden' },
  [CALL_REFUSALS.full]: { status: 409, key: 'callFull' },
  [CALL_REFUSALS.notInCall]: { status: 409, key: 'notInCall' },
  [CALL_REFUSALS.ongoing]: { status: 409, key: 'callOngoing' },
  [CALL_REFUSALS.contactUnavailable]: { status: 409, key: 'callContactUnavailable' },
  [CALL_REFUSALS.mediaUnavailable]: { status: 503, key: 'mediaUnavailable' },
  [CALL_REFUSALS.mediaFailed]: { status: 502, key: 'mediaFailed' },
};

export function callRefusal(refusal: TCallRefusal, vars: Record<string, number> = {}): AppError {
  const { status, key } = REFUSAL_TEXTS[refusal];
  return new AppError(status, refusal, key, {}, vars);
}

type TPerson = { id: string; fullName: string };
/** What one write of a call leaves for the batch's end: the system messages for its room (null: lost a race). */
type TWritten = { twId: string; items: AppendItem[] } | null;
type TAppended = { messages: TMessage[]; members: string[] } | null;
type TCallsDeps = { app: FastifyInstance; crypto: MessageCrypto };

/** Which server event tells the room about an action's outcome. */
function eventOf(action: TCallAction['kind'], call: TCall): TServerEventName {
  if (call.status === 'ended') return SERVER_EVENTS.CallEnded;
  if (action === 'accept') return SERVER_EVENTS.CallAccepted;
  if (action === 'decline' || action === 'expireRinging') return SERVER_EVENTS.CallDeclined;
  return SERVER_EVENTS.CallUpdated;
}

/**
 * Calls on the server: each call one row whose state only the pure transition changes, written back under
 * its version (a lost race is read again and decided again), with its system messages in the same
 * transaction; then the room's members hear of it (every tab: a ringing card on each, gone on each once one
 * tab answers).
 */
export function createCallsService({ app, crypto }: TCallsDeps) {
  const db = app.db;
  // A burst of call actions (a shift's handover, 200 calls at once) shares durable commits, and the system
  // messages of a batch go in together at its end (one insert, one update of each room), with the rooms'
  // active members, who hear of the call and of its messages, read once for the batch in the same transaction.
  const commit = createGroupCommit<TWritten, TAppended>(db, async (trx, written) => {
    const groups = new Map<string, AppendItem[]>();
    for (const w of written) {
      if (!w || w.items.length === 0) continue;
      const list = groups.get(w.twId);
      if (list) list.push(...w.items);
      else groups.set(w.twId, [...w.items]);
    }
    const rooms = [...new Set(written.flatMap((w) => (w ? [w.twId] : [])))];
    const appended = groups.size > 0 ? await appendToRooms(trx, crypto, groups, Date.now()) : new Map();
    const members = await activeMembersOf(trx, padded(rooms));
    // Each write takes its own messages back, in the order its room's were appended.
    const taken = new Map<string, number>();
    return written.map((w) => {
      if (!w) return null;
      const from = taken.get(w.twId) ?? 0;
      taken.set(w.twId, from + w.items.length);
      const messages: TMessage[] = (appended.get(w.twId) ?? []).slice(from, from + w.items.length);
      return { messages, members: members.get(w.twId) ?? [] };
    });
  });

  // The reads every call event makes (membership, the live call, the people, their other calls), shared by the
  // events of one turn: one query each for a burst instead of one per event (lib/tick-batch).
  const membership = createTickBatch((keys: string[]) =>
    memberRoomPairs(
      db,
      keys.map((k) => {
        const [userId, roomId] = k.split(' ') as [string, string];
        return { userId, roomId };
      }),
    ),
  );
  const requireMember = async (userId: string, twId: string) => {
    const found = await membership(memberPairKey(userId, twId));
    if (!found) throw roomUnavailable();
    return found;
  };
  // With JANUS_URL every call goes through the SFU (up to 50 people), else browser to browser (up to 4).
  const transport: TCall['transport'] = app.config.JANUS_URL ? 'janus' : 'mesh';

  const person = createTickBatch(async (ids: string[]) => {
    const rows = await usersByIds(db, ids, ['first_name', 'last_name', 'permissions'], 'live');
    return new Map(
      rows.map((r) => [r.id, { id: r.id, fullName: `${r.first_name} ${r.last_name}`, permissions: r.permissions }]),
    );
  });
  const people = async (ids: string[]): Promise<Map<string, TPerson & { permissions: string }>> => {
    const found = await Promise.all(ids.map(person));
    return new Map(found.flatMap((p) => (p ? [[p.id, p] as const] : [])));
  };

  /** Voice and video are on only if explicitly granted (doc 2 section 4, Administration transitions). */
  const mayFrom = (permissions: string): TCallMay => {
    const p = parsePermissions(permissions);
    return { voice: p.voice === true, video: p.video === true };
  };
  /** What this user may do in a call now: read fresh for each action, so a permission taken away applies at once. */
  const mayOf = async (userId: string): Promise<TCallMay> => {
    const me = (await people([userId])).get(userId);
    if (!me) throw callRefusal(CALL_REFUSALS.notAllowed);
    return mayFrom(me.permissions);
  };

  // The room's members first, then each one's user row by its key: as a plain join, SQLite starts from the
  // (deleted, active) index, i.e. every active user of the hospital, on every call event (bench/calls).
  const membersOf = createTickBatch((roomIds: string[]) => activeMembersOf(db, roomIds));
  const activeMembers = async (roomId: string): Promise<string[]> => (await membersOf(roomId)) ?? [];

  const read = (state: string): TCall => ZCall.parse(JSON.parse(state));

  /** The call written back under the version it was read at: false when another action won the race. */
  const writeCall = async (trx: Db, next: TCall, was: number, now: number): Promise<boolean> => {
    const update = await trx
      .updateTable('calls')
      .set({ state: JSON.stringify(next), status: next.status, version: next.version, updated_at: now })
      .where('id', '=', next.id)
      .where('version', '=', was)
      .executeTakeFirst();
    return Number(update.numUpdatedRows) === 1;
  };

  const liveCalls = createTickBatch(async (roomIds: string[]) => {
    const rows = await db
      .selectFrom('calls')
      .select(['room_id', 'state'])
      .where('room_id', 'in', roomIds)
      .where('status', '<>', 'ended')
      .execute();
    return new Map(rows.map((r) => [r.room_id, read(r.state)]));
  });
  const liveCall = async (roomId: string): Promise<TCall | null> => (await liveCalls(roomId)) ?? null;

  /** The live calls of the rooms this user is in. */
  const liveCallsOfUsers = createTickBatch(async (userIds: string[]) => {
    const rows = await db
      .selectFrom('calls')
      .innerJoin('room_members', 'room_members.room_id', 'calls.room_id')
      .select(['room_members.user_id as userId', 'calls.state as state'])
      .where('room_members.user_id', 'in', userIds)
      .where('calls.status', '<>', 'ended')
      .execute();
    // A call is one row for each of its members here: parsed once.
    const calls = new Map<string, TCall>();
    const found = new Map<string, TCall[]>();
    for (const r of rows) {
      let call = calls.get(r.state);
      if (!call) {
        call = read(r.state);
        calls.set(r.state, call);
      }
      const list = found.get(r.userId);
      if (list) list.push(call);
      else found.set(r.userId, [call]);
    }
    return found;
  });
  const liveCallsOf = async (userId: string): Promise<TCall[]> => (await liveCallsOfUsers(userId)) ?? [];

  /** The live call in which this user is accepted, wherever it is. */
  const acceptedCallOf = async (userId: string): Promise<TCall | null> =>
    (await liveCallsOf(userId)).find((c) => c.participants.some((p) => p.id === userId && p.status === 'accepted')) ??
    null;

  const noteItems = (call: TCall, notes: TCallNote[], names: Map<string, string>): AppendItem[] =>
    notes.map((n) => {
      const event: TSystemEvent = {
        type: n.event,
        data: {
          initiator: { id: n.userId, fullName: names.get(n.userId) ?? '' },
          users: n.users.map((id) => ({ id, fullName: names.get(id) ?? '' })),
          callType: call.type,
          ...(n.duration === undefined ? {} : { duration: n.duration }),
        },
      };
      return {
        authorId: null,
        authorName: '',
        clientId: newId(),
        body: '',
        attributes: { systemMessage: true, event },
      };
    });

  const namesOf = (call: TCall) => new Map(call.participants.map((p) => [p.id, p.fullName]));

  const announce = async (event: TServerEventName, call: TCall, { messages, members }: NonNullable<TAppended>) => {
    // The call and its system messages go to the same people: the room's active members, read once.
    app.publish(event as typeof SERVER_EVENTS.CallUpdated, { call }, { users: members });
    await publishMessages(app, messages, new Map([[call.twId, members]]));
  };

  /** Rings by push those it starts ringing for, and closes the ringing for those it stopped for (modules/push). */
  const pushCall = (before: TCall | null, after: TCall) =>
    app.push.callChanged(before, after).catch((err) => app.log.warn({ err }, 'call push failed'));

  const initialize = async (
    userId: string,
    tabId: string,
    o: { twId: string; video: boolean; screenShare: boolean },
  ): Promise<TCall> => {
    // Read together (each read shared with the other events of this turn), checked in the spec's order.
    const [room, memberIds, busy, ongoing] = await Promise.all([
      requireMember(userId, o.twId),
      activeMembers(o.twId),
      acceptedCallOf(userId),
      liveCall(o.twId),
    ]);
    if (room.room.archived_by) throw forbidden();
    const type: TCallType = o.screenShare ? 'directScreenShare' : o.video ? 'video' : 'voice';
    const found = await people(memberIds);
    const me = found.get(userId);
    if (!me) throw callRefusal(CALL_REFUSALS.notAllowed);
    if (!canStart(type, mayFrom(me.permissions))) throw callRefusal(CALL_REFUSALS.noPermission);
    if (busy) throw callRefusal(CALL_REFUSALS.busyElsewhere);
    if (ongoing) throw callRefusal(CALL_REFUSALS.ongoing);
    // A duty role's room rings the role's holders (issue 25), not the other senders who once opened it.
    const holders = room.room.duty_role_id
      ? new Set((await roleSeats(db, [o.twId])).filter((s) => s.role_seat === 'holder').map((s) => s.user_id))
      : null;
    const members = memberIds
      .filter((id) => id !== userId && found.has(id) && (!holders || holders.has(id)))
      .map((id) => found.get(id)!);
    if (members.length === 0) throw callRefusal(CALL_REFUSALS.notAllowed);
    // Only those who can answer ring (doc 2 section 6), and one of them must be connected now: a call nobody
    // can take is refused at once with the spec's text instead of ringing into the void for 60 s.
    const others = members.filter((p) => canAnswer(type, mayFrom(p.permissions)));
    const max = maxParticipants({ transport });
    if (others.length + 1 > max) throw callRefusal(CALL_REFUSALS.full, { n: max });
    const connected = await app.presence.connectedUsers(others.map((p) => p.id));
    if (!others.some((p) => connected.has(p.id))) throw callRefusal(CALL_REFUSALS.contactUnavailable);
    const now = Date.now();
    const { call, notes } = startCall({
      id: newId(now),
      twId: o.twId,
      type,
      transport,
      initializer: me,
      tabId,
      others,
      now,
    });
    let written: TAppended;
    try {
      written = await commit(async (trx) => {
        await trx
          .insertInto('calls')
          .values({
            id: call.id,
            room_id: call.twId,
            status: call.status,
            state: JSON.stringify(call),
            version: call.version,
            created_at: now,
            updated_at: now,
          })
          .execute();
        return { twId: call.twId, items: noteItems(call, notes, namesOf(call)) };
      });
    } catch (error) {
      // Another member started a call in this room at the same moment (calls_live_room_idx).
      if (await liveCall(o.twId)) throw callRefusal(CALL_REFUSALS.ongoing);
      throw error;
    }
    await announce(SERVER_EVENTS.CallInitialized, call, written!);
    await pushCall(null, call);
    return call;
  };

  /**
   * Applies one action to the room's live call: read, decide, write back if nobody changed it meanwhile
   * (else read again), record its system messages, tell the room.
   */
  const act = async (
    userId: string | null,
    twId: string,
    build: (call: TCall) => TCallAction | Promise<TCallAction>,
  ): Promise<TCall> => {
    // The first read of the call goes with the membership check; a non-member learns nothing of it.
    const [, first] = await Promise.all([userId ? requireMember(userId, twId) : undefined, liveCall(twId)]);
    for (let attempt = 0; attempt < 8; attempt += 1) {
      const call = attempt === 0 ? first : await liveCall(twId);
      if (!call) throw callRefusal(CALL_REFUSALS.notFound);
      const action = await build(call);
      const result = transition(call, action);
      if (!result.ok) {
        throw callRefusal(result.refusal, result.refusal === CALL_REFUSALS.full ? { n: maxParticipants(call) } : {});
      }
      if (result.call === call) return call;
      const next = result.call;
      const now = Date.now();
      const written = await commit(async (trx) => {
        if (!(await writeCall(trx, next, call.version, now))) return null;
        // Toggles change the call and write nothing into the room's history.
        return { twId, items: noteItems(next, result.notes, namesOf(next)) };
      });
      if (!written) continue;
      await announce(eventOf(action.kind, next), next, written);
      await pushCall(call, next);
      // Tabs that left and a call that ended let go of their Janus room, sessions and handles.
      app.callMedia?.follow(next);
      return next;
    }
    throw new AppError(503, 'RETRY', 'retry');
  };

  const accept = (userId: string, tabId: string, twId: string, audioOnly: boolean) =>
    act(userId, twId, async (call) => {
      const [found, other] = await Promise.all([people([userId]), acceptedCallOf(userId)]);
      const me = found.get(userId);
      if (!me) throw callRefusal(CALL_REFUSALS.notAllowed);
      if (other && other.id !== call.id) throw callRefusal(CALL_REFUSALS.busyElsewhere);
      const may = mayFrom(me.permissions);
      return { kind: 'accept', userId, tabId, audioOnly, may, now: Date.now(), joiner: me };
    });

  const addParticipants = async (userId: string, twId: string, userIds: string[]) => {
    const room = await requireMember(userId, twId);
    // The room's owner adds people (doc 2 section 2); never in a direct room.
    if (room.room.type !== 'group' || room.room.owner_id !== userId) throw callRefusal(CALL_REFUSALS.notAllowed);
    const members = new Set(await activeMembers(twId));
    const wanted = userIds.filter((id) => members.has(id) && id !== userId);
    const found = await people(wanted);
    // Someone who cannot answer this call is not rung (doc 2 section 6).
    return act(userId, twId, (call) => ({
      kind: 'add',
      userId,
      people: [...found.values()].filter((p) => canAnswer(call.type, mayFrom(p.permissions))),
      now: Date.now(),
    }));
  };

  /** Rings nobody answered in time become missed (the 60 s auto-decline), for every live call. */
  const expireRinging = async (now = Date.now()): Promise<string[]> => {
    const rows = await db
      .selectFrom('calls')
      .select(['room_id', 'state'])
      .where('status', '<>', 'ended')
      .where('updated_at', '<=', now - 1_000)
      .execute();
    const changed: string[] = [];
    for (const r of rows) {
      const call = read(r.state);
      const due = call.participants.some(
        (p) => p.status === 'ringing' && p.ringingSince !== null && p.ringingSince + CALL_LIMITS.ringMs <= now,
      );
      if (!due) continue;
      await act(null, r.room_id, () => ({ kind: 'expireRinging', now })).catch(() => undefined);
      changed.push(r.room_id);
    }
    return changed;
  };

  /**
   * Participants whose every socket is gone are dropped once they have been gone for dropAfterMs (a tab
   * reloading comes back well within it); a call left with one person ends, so no call outlives a restart.
   */
  const missingSince = new Map<string, number>();
  const dropDisconnected = async (now = Date.now()): Promise<string[]> => {
    const rows = await db.selectFrom('calls').select(['room_id', 'state']).where('status', '<>', 'ended').execute();
    const accepted = rows.flatMap((r) => {
      const call = read(r.state);
      return call.participants.filter((p) => p.status === 'accepted').map((p) => ({ call, userId: p.id }));
    });
    const connected = await app.presence.connectedUsers([...new Set(accepted.map((a) => a.userId))]);
    const seen = new Set<string>();
    const dropped: string[] = [];
    for (const { call, userId } of accepted) {
      const key = `${call.id}:${userId}`;
      seen.add(key);
      if (connected.has(userId)) {
        missingSince.delete(key);
        continue;
      }
      const since = missingSince.get(key) ?? now;
      missingSince.set(key, since);
      if (now - since < CALL_LIMITS.dropAfterMs) continue;
      missingSince.delete(key);
      await act(null, call.twId, () => ({ kind: 'leave', userId, now })).catch(() => undefined);
      dropped.push(call.twId);
    }
    for (const key of missingSince.keys()) if (!seen.has(key)) missingSince.delete(key);
    return dropped;
  };

  /** Ends one person's part in a call at once: left when they are in it, declined when it rings for them. */
  const endPart = async (twId: string, userId: string, status: string | undefined): Promise<TCall | null> => {
    if (status !== 'accepted' && status !== 'ringing') return null;
    const kind = status === 'accepted' ? 'leave' : 'decline';
    return act(null, twId, () => ({ kind, userId, now: Date.now() })).catch(() => null);
  };

  /**
   * Signing out ends the user's part in every live call at once (doc 2 section 4, "logging out ends an active
   * call"), rather than after the 10 s a vanished socket is given: a call they are in is left, one ringing for
   * them is declined.
   */
  const leaveAll = async (userId: string): Promise<void> => {
    for (const call of await liveCallsOf(userId)) {
      await endPart(call.twId, userId, call.participants.find((p) => p.id === userId)?.status);
    }
  };

  /**
   * People who are no longer members of the room (removed by its owner, or who left) lose their part in its
   * live call at once. The room's events no longer reach them, so their own tabs are told the call's new state
   * here, the last they hear of it.
   */
  const dropMembers = async (twId: string, userIds: string[]): Promise<void> => {
    for (const userId of userIds) {
      const call = await liveCall(twId);
      const next = await endPart(twId, userId, call?.participants.find((p) => p.id === userId)?.status);
      if (next) app.publish(eventOf('leave', next), { call: next }, { users: [userId] });
    }
  };

  /** A deleted room's live call ends for everyone; the one who deleted it is no member any more and is told too. */
  const closeRoom = async (twId: string, userId: string): Promise<void> => {
    if (!(await liveCall(twId))) return;
    const next = await act(null, twId, () => ({ kind: 'close', userId, now: Date.now() })).catch(() => null);
    if (next) app.publish(SERVER_EVENTS.CallEnded, { call: next }, { users: [userId] });
  };

  /**
   * The live call for a signalling event, after the sender's membership (read with the other events of the
   * turn): someone removed from the room is refused even in the moment before their part in the call ends.
   */
  const memberCall = async (userId: string, twId: string): Promise<TCall | null> =>
    (await Promise.all([requireMember(userId, twId), liveCall(twId)]))[1];

  return {
    initialize,
    leaveAll,
    dropMembers,
    closeRoom,
    memberCall,
    act,
    accept,
    mayOf,
    addParticipants,
    expireRinging,
    dropDisconnected,
    liveCall,
    liveCallsOf,
    acceptedCallOf,
  };
}

export type CallsService = ReturnType<typeof createCallsService>;
