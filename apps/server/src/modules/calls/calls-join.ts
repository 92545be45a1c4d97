import { CALL_REFUSALS, canAnswer } from '@rounds/contracts/calls';
import { callRefusal } from './call-refusal';
import { act } from './calls-act';
import { type CallsContext, mayFrom } from './calls-context';

/** CallAccept: a tab answers the ringing call, unless its user is in another call. */
export const acceptCall = (ctx: CallsContext) => (userId: string, tabId: string, twId: string, audioOnly: boolean) =>
  act(ctx)(userId, twId, async (call) => {
    const [found, other] = await Promise.all([ctx.people([userId]), ctx.acceptedCallOf(userId)]);
    const me = found.get(userId);
    if (!me) throw callRefusal(CALL_REFUSALS.notAllowed);
    if (other && other.id !== call.id) throw callRefusal(CALL_REFUSALS.busyElsewhere);
    const may = mayFrom(me.permissions);
    return { kind: 'accept', userId, tabId, audioOnly, may, now: Date.now(), joiner: me };
  });

/** CallAddParticipants: the group's owner rings more of its members into the call. */
export const addParticipants = (ctx: CallsContext) => async (userId: string, twId: string, userIds: string[]) => {
  const room = await ctx.requireMember(userId, twId);
  // The room's owner adds people (doc 2 section 2); never in a direct room.
  if (room.room.type !== 'group' || room.room.owner_id !== userId) throw callRefusal(CALL_REFUSALS.notAllowed);
  const members = new Set(await ctx.activeMembers(twId));
  const wanted = userIds.filter((id) => members.has(id) && id !== userId);
  const found = await ctx.people(wanted);
  // Someone who cannot answer this call is not rung (doc 2 section 6).
  return act(ctx)(userId, twId, (call) => ({
    kind: 'add',
    userId,
    people: [...found.values()].filter((p) => canAnswer(call.type, mayFrom(p.permissions))),
    now: Date.now(),
  }));
};
