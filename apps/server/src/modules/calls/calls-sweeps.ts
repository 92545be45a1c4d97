import { CALL_LIMITS } from '@rounds/contracts/calls';
import { liveCalls } from './calls.store';
import { act } from './calls-act';
import type { CallsContext } from './calls-context';

/** Rings nobody answered in time become missed (the 60 s auto-decline), for every live call. */
export const expireRinging =
  (ctx: CallsContext) =>
  async (now = Date.now()): Promise<string[]> => {
    const rows = await liveCalls(ctx.db, now - 1_000);
    const changed: string[] = [];
    for (const r of rows) {
      const call = ctx.read(r.state);
      const due = call.participants.some(
        (p) => p.status === 'ringing' && p.ringingSince !== null && p.ringingSince + CALL_LIMITS.ringMs <= now,
      );
      if (!due) continue;
      await act(ctx)(null, r.room_id, () => ({ kind: 'expireRinging', now })).catch(() => undefined);
      changed.push(r.room_id);
    }
    return changed;
  };

/**
 * Participants whose every socket is gone are dropped once they have been gone for dropAfterMs (a tab
 * reloading comes back well within it); a call left with one person ends, so no call outlives a restart.
 * Who has been missing since when is this process's memory, kept across runs.
 */
export const dropDisconnected = (ctx: CallsContext) => {
  const missingSince = new Map<string, number>();
  return async (now = Date.now()): Promise<string[]> => {
    const rows = await liveCalls(ctx.db);
    const accepted = rows.flatMap((r) => {
      const call = ctx.read(r.state);
      return call.participants.filter((p) => p.status === 'accepted').map((p) => ({ call, userId: p.id }));
    });
    const connected = await ctx.connectedUsers([...new Set(accepted.map((a) => a.userId))]);
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
      await act(ctx)(null, call.twId, () => ({ kind: 'leave', userId, now })).catch(() => undefined);
      dropped.push(call.twId);
    }
    for (const key of missingSince.keys()) if (!seen.has(key)) missingSince.delete(key);
    return dropped;
  };
};
