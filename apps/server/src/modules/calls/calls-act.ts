import { CALL_REFUSALS, type TCall } from '@rounds/contracts/calls';
import { AppError } from '../../lib/errors';
import { maxParticipants, type TCallAction, transition } from './call-machine';
import { callRefusal } from './call-refusal';
import { updateCall } from './calls.store';
import { type CallsContext, eventOf, namesOf, noteItems } from './calls-context';

/**
 * Applies one action to the room's live call: read, decide, write back if nobody changed it meanwhile
 * (else read again), record its system messages, tell the room.
 */
export const act =
  (ctx: CallsContext) =>
  async (
    userId: string | null,
    twId: string,
    build: (call: TCall) => TCallAction | Promise<TCallAction>,
  ): Promise<TCall> => {
    // The first read of the call goes with the membership check; a non-member learns nothing of it.
    const [, first] = await Promise.all([userId ? ctx.requireMember(userId, twId) : undefined, ctx.liveCall(twId)]);
    for (let attempt = 0; attempt < 8; attempt += 1) {
      const call = attempt === 0 ? first : await ctx.liveCall(twId);
      if (!call) throw callRefusal(CALL_REFUSALS.notFound);
      const action = await build(call);
      const result = transition(call, action);
      if (!result.ok) {
        throw callRefusal(result.refusal, result.refusal === CALL_REFUSALS.full ? { n: maxParticipants(call) } : {});
      }
      if (result.call === call) return call;
      const next = result.call;
      const now = Date.now();
      const written = await ctx.commit(async (trx) => {
        if (!(await updateCall(trx, next, call.version, now))) return null;
        // Toggles change the call and write nothing into the room's history.
        return { twId, items: noteItems(next, result.notes, namesOf(next)) };
      });
      if (!written) continue;
      await ctx.announce(eventOf(action.kind, next), next, written);
      await ctx.pushCall(call, next);
      // Tabs that left and a call that ended let go of their Janus room, sessions and handles.
      ctx.media?.follow(next);
      return next;
    }
    throw new AppError(503, 'RETRY', 'retry');
  };
