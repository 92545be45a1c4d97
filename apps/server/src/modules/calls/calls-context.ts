import { CALL_REFUSALS, type TCall, ZCall } from '@rounds/contracts/calls';
import type { TMessage, TSystemEvent } from '@rounds/contracts/chat';
import { SERVER_EVENTS, type TServerEventName } from '@rounds/contracts/events';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config';
import type { Db } from '../../db/database';
import { createGroupCommit } from '../../db/group-commit';
import { newId } from '../../lib/ids';
import type { MessageCrypto } from '../../lib/message-crypto';
import { createTickBatch, padded } from '../../lib/tick-batch';
import type { Publish } from '../../realtime/publish';
import { type AppendItem, appendToRooms, publishMessages } from '../chat/messages.store';
import { activeMembersOf, memberPairKey, memberRoomPairs, roomUnavailable } from '../chat/rooms.store';
import { parsePermissions } from '../users/user-view';
import { usersByIds } from '../users/users.store';
import type { TCallAction, TCallMay, TCallNote } from './call-machine';
import { callRefusal } from './call-refusal';
import { liveCallsOfMembers, liveCallsOfRooms } from './calls.store';

/** What the calls' actions use (calls.service composes them; one file per action). */
export type CallsDeps = {
  db: Db;
  crypto: MessageCrypto;
  publish: Publish;
  /** With JANUS_URL every call goes through the SFU (up to 50 people), else browser to browser (up to 4). */
  config: Pick<Config, 'JANUS_URL'>;
  /** Who among these has a socket now (modules/presence). */
  connectedUsers: (userIds: readonly string[]) => Promise<Set<string>>;
  /** Rings by push, and closes the ringing (modules/push callChanged). */
  push: { callChanged: (before: TCall | null, after: TCall) => Promise<unknown> };
  /** The calls' media through Janus (janus/janus-media follow); null for the browser mesh. */
  media: { follow: (call: TCall) => void } | null;
  log: FastifyBaseLogger;
};

export type TPerson = { id: string; fullName: string };
/** What one write of a call leaves for the batch's end: the system messages for its room (null: lost a race). */
export type TWritten = { twId: string; items: AppendItem[] } | null;
export type TAppended = { messages: TMessage[]; members: string[] } | null;

/** Voice and video are on only if explicitly granted (doc 2 section 4, Administration transitions). */
export const mayFrom = (permissions: string): TCallMay => {
  const p = parsePermissions(permissions);
  return { voice: p.voice === true, video: p.video === true };
};

const read = (state: string): TCall => ZCall.parse(JSON.parse(state));

/** Which server event tells the room about an action's outcome. */
export function eventOf(action: TCallAction['kind'], call: TCall): TServerEventName {
  if (call.status === 'ended') return SERVER_EVENTS.CallEnded;
  if (action === 'accept') return SERVER_EVENTS.CallAccepted;
  if (action === 'decline' || action === 'expireRinging') return SERVER_EVENTS.CallDeclined;
  return SERVER_EVENTS.CallUpdated;
}

export const namesOf = (call: TCall) => new Map(call.participants.map((p) => [p.id, p.fullName]));

/** The system messages of a call's notes, each naming its people. */
export const noteItems = (call: TCall, notes: TCallNote[], names: Map<string, string>): AppendItem[] =>
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

/**
 * The deps with what every action shares: the group commit of call writes, and the reads every call event
 * makes, batched per turn (lib/tick-batch).
 */
export function createCallsContext(deps: CallsDeps) {
  const { db, crypto, publish } = deps;
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
  const transport: TCall['transport'] = deps.config.JANUS_URL ? 'janus' : 'mesh';

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

  const liveCallsBatch = createTickBatch(async (roomIds: string[]) => {
    const rows = await liveCallsOfRooms(db, roomIds);
    return new Map(rows.map((r) => [r.room_id, read(r.state)]));
  });
  const liveCall = async (roomId: string): Promise<TCall | null> => (await liveCallsBatch(roomId)) ?? null;

  /** The live calls of the rooms this user is in. */
  const liveCallsOfUsers = createTickBatch(async (userIds: string[]) => {
    const rows = await liveCallsOfMembers(db, userIds);
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

  const announce = async (event: TServerEventName, call: TCall, { messages, members }: NonNullable<TAppended>) => {
    // The call and its system messages go to the same people: the room's active members, read once.
    publish(event as typeof SERVER_EVENTS.CallUpdated, { call }, { users: members });
    await publishMessages(deps, messages, new Map([[call.twId, members]]));
  };

  /** Rings by push those it starts ringing for, and closes the ringing for those it stopped for (modules/push). */
  const pushCall = (before: TCall | null, after: TCall) =>
    deps.push.callChanged(before, after).catch((err) => deps.log.warn({ err }, 'call push failed'));

  /**
   * The live call for a signalling event, after the sender's membership (read with the other events of the
   * turn): someone removed from the room is refused even in the moment before their part in the call ends.
   */
  const memberCall = async (userId: string, twId: string): Promise<TCall | null> =>
    (await Promise.all([requireMember(userId, twId), liveCall(twId)]))[1];

  return {
    ...deps,
    memberCall,
    read,
    commit,
    requireMember,
    transport,
    people,
    mayOf,
    activeMembers,
    liveCall,
    liveCallsOf,
    acceptedCallOf,
    announce,
    pushCall,
  };
}

export type CallsContext = ReturnType<typeof createCallsContext>;
