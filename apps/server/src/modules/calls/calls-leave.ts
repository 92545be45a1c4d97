import type { TCall } from '@rounds/contracts/calls';
import { SERVER_EVENTS } from '@rounds/contracts/events';
import { act } from './calls-act';
import { type CallsContext, eventOf } from './calls-context';

/** Ends one person's part in a call at once: left when they are in it, declined when it rings for them. */
async function endPart(ctx: CallsContext, twId: string, userId: string, status: string | undefined) {
  if (status !== 'accepted' && status !== 'ringing') return null;
  const kind = status === 'accepted' ? 'leave' : 'decline';
  return act(ctx)(null, twId, () => ({ kind, userId, now: Date.now() })).catch(() => null);
}

/**
 * Signing out ends the user's part in every live call at once (doc 2 section 4, "logging out ends an active
 * call"), rather than after the 10 s a vanished socket is given: a call they are in is left, one ringing for
 * them is declined.
 */
export const leaveAllCalls =
  (ctx: CallsContext) =>
  async (userId: string): Promise<void> => {
    for (const call of await ctx.liveCallsOf(userId)) {
      await endPart(ctx, call.twId, userId, call.participants.find((p) => p.id === userId)?.status);
    }
  };

/**
 * People who are no longer members of the room (removed by its owner, or who left) lose their part in its
 * live call at once. The room's events no longer reach them, so their own tabs are told the call's new state
 * here, the last they hear of it.
 */
export const dropMembers =
  (ctx: CallsContext) =>
  async (twId: string, userIds: string[]): Promise<void> => {
    for (const userId of userIds) {
      const call = await ctx.liveCall(twId);
      const next: TCall | null = await endPart(
        ctx,
        twId,
        userId,
        call?.participants.find((p) => p.id === userId)?.status,
      );
      if (next) ctx.publish(eventOf('leave', next), { call: next }, { users: [userId] });
    }
  };

/** A deleted room's live call ends for everyone; the one who deleted it is no member any more and is told too. */
export const closeRoomCall =
  (ctx: CallsContext) =>
  async (twId: string, userId: string): Promise<void> => {
    if (!(await ctx.liveCall(twId))) return;
    const next = await act(ctx)(null, twId, () => ({ kind: 'close', userId, now: Date.now() })).catch(() => null);
    if (next) ctx.publish(SERVER_EVENTS.CallEnded, { call: next }, { users: [userId] });
  };
