import { CALL_REFUSALS, canAnswer, canStart, type TCall, type TCallType } from '@rounds/contracts/calls';
import { SERVER_EVENTS } from '@rounds/contracts/events';
import { forbidden } from '../../lib/errors';
import { newId } from '../../lib/ids';
import { roleSeats } from '../chat/rooms.store';
import { maxParticipants, startCall } from './call-machine';
import { callRefusal } from './call-refusal';
import { insertCall } from './calls.store';
import { type CallsContext, mayFrom, namesOf, noteItems, type TAppended } from './calls-context';

/** CallInitialize: a member starts a call in a room; it rings those who can answer it. */
export const initializeCall =
  (ctx: CallsContext) =>
  async (userId: string, tabId: string, o: { twId: string; video: boolean; screenShare: boolean }): Promise<TCall> => {
    // Read together (each read shared with the other events of this turn), checked in the spec's order.
    const [room, memberIds, busy, ongoing] = await Promise.all([
      ctx.requireMember(userId, o.twId),
      ctx.activeMembers(o.twId),
      ctx.acceptedCallOf(userId),
      ctx.liveCall(o.twId),
    ]);
    if (room.room.archived_by) throw forbidden();
    const type: TCallType = o.screenShare ? 'directScreenShare' : o.video ? 'video' : 'voice';
    const found = await ctx.people(memberIds);
    const me = found.get(userId);
    if (!me) throw callRefusal(CALL_REFUSALS.notAllowed);
    if (!canStart(type, mayFrom(me.permissions))) throw callRefusal(CALL_REFUSALS.noPermission);
    if (busy) throw callRefusal(CALL_REFUSALS.busyElsewhere);
    if (ongoing) throw callRefusal(CALL_REFUSALS.ongoing);
    // A duty role's room rings the role's holders (issue 25), not the other senders who once opened it.
    const holders = room.room.duty_role_id
      ? new Set((await roleSeats(ctx.db, [o.twId])).filter((s) => s.role_seat === 'holder').map((s) => s.user_id))
      : null;
    const members = memberIds
      .filter((id) => id !== userId && found.has(id) && (!holders || holders.has(id)))
      .map((id) => found.get(id)!);
    if (members.length === 0) throw callRefusal(CALL_REFUSALS.notAllowed);
    // Only those who can answer ring (doc 2 section 6), and one of them must be connected now: a call nobody
    // can take is refused at once with the spec's text instead of ringing into the void for 60 s.
    const others = members.filter((p) => canAnswer(type, mayFrom(p.permissions)));
    const max = maxParticipants({ transport: ctx.transport });
    if (others.length + 1 > max) throw callRefusal(CALL_REFUSALS.full, { n: max });
    const connected = await ctx.connectedUsers(others.map((p) => p.id));
    if (!others.some((p) => connected.has(p.id))) throw callRefusal(CALL_REFUSALS.contactUnavailable);
    const now = Date.now();
    const { call, notes } = startCall({
      id: newId(now),
      twId: o.twId,
      type,
      transport: ctx.transport,
      initializer: me,
      tabId,
      others,
      now,
    });
    let written: TAppended;
    try {
      written = await ctx.commit(async (trx) => {
        await insertCall(trx, call, now);
        return { twId: call.twId, items: noteItems(call, notes, namesOf(call)) };
      });
    } catch (error) {
      // Another member started a call in this room at the same moment (calls_live_room_idx).
      if (await ctx.liveCall(o.twId)) throw callRefusal(CALL_REFUSALS.ongoing);
      throw error;
    }
    await ctx.announce(SERVER_EVENTS.CallInitialized, call, written!);
    await ctx.pushCall(null, call);
    return call;
  };
