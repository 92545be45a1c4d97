import { isAcceptedTab, type TCall, type TCallParticipant } from '@rounds/contracts/calls';
import { create } from 'zustand';

type TCallsState = {
  /** The live calls this tab has heard of, by room; ended ones are dropped. */
  calls: Record<string, TCall>;
  /** Calls known to have ended: an older event arriving late never brings one back. */
  ended: Record<string, true>;
  /** When each call was last heard of here (local clock), so a catch-up never undoes a newer event. */
  heardAt: Record<string, number>;
  upsert: (call: TCall) => void;
  /**
   * The server's live calls, read after a reconnection: each is applied, and a call heard of before the read
   * began but missing from it ended while this tab was away.
   */
  reconcile: (live: TCall[], readSince: number) => void;
  /** Forgets a call here only (this tab gave it up while offline). */
  forget: (twId: string) => void;
  clear: () => void;
};

/** The calls of the rooms this user is in, as the server last told them (every change carries its version). */
export const useCalls = create<TCallsState>((set, get) => ({
  calls: {},
  ended: {},
  heardAt: {},
  upsert: (call) =>
    set((s) => {
      if (s.ended[call.id]) return s;
      const current = s.calls[call.twId];
      if (current && current.id === call.id && current.version >= call.version) return s;
      if (call.status === 'ended') return without(s, call.twId, call.id);
      return { calls: { ...s.calls, [call.twId]: call }, heardAt: { ...s.heardAt, [call.twId]: Date.now() } };
    }),
  reconcile: (live, readSince) => {
    for (const call of live) get().upsert(call);
    const kept = new Set(live.map((c) => c.twId));
    for (const [twId, call] of Object.entries(get().calls)) {
      if (!kept.has(twId) && (get().heardAt[twId] ?? 0) < readSince) set((s) => without(s, twId, call.id));
    }
  },
  forget: (twId) => set((s) => (s.calls[twId] ? without(s, twId, s.calls[twId].id) : s)),
  clear: () => set({ calls: {}, ended: {}, heardAt: {} }),
}));

function without(s: TCallsState, twId: string, callId: string): Partial<TCallsState> {
  const { [twId]: _gone, ...calls } = s.calls;
  const { [twId]: _heard, ...heardAt } = s.heardAt;
  return { calls, heardAt, ended: { ...s.ended, [callId]: true } };
}

export const participantOf = (call: TCall, userId: string | undefined): TCallParticipant | undefined =>
  call.participants.find((p) => p.id === userId);

/** Calls ringing for this user (on every tab until one answers), oldest first. */
export function incomingCalls(calls: Record<string, TCall>, me: string | undefined): TCall[] {
  return Object.values(calls)
    .filter((c) => participantOf(c, me)?.status === 'ringing')
    .sort((a, b) => a.createdAt - b.createdAt);
}

/** The call this tab is in: accepted on this very tab. */
export function activeCall(calls: Record<string, TCall>, me: string | undefined, tab: string): TCall | undefined {
  return me ? Object.values(calls).find((c) => isAcceptedTab(c, { userId: me, tabId: tab })) : undefined;
}

/** Whether this user is in a call on any tab or device (one call at a time). */
export function inAnyCall(calls: Record<string, TCall>, me: string | undefined): boolean {
  return Object.values(calls).some((c) => participantOf(c, me)?.status === 'accepted');
}

/** The accepted participant sharing a screen in this call, if anyone is. */
export const sharerOf = (call: TCall): TCallParticipant | undefined =>
  call.participants.find((p) => p.status === 'accepted' && p.screenShare);

/**
 * Whether a participant is heard: their own microphone toggle, and while someone else shares a screen, what
 * the share decided for them (everyone else muted by default, the sharer may unmute them: doc 2 section 4).
 */
export function audible(call: TCall, p: TCallParticipant, voice = p.voice): boolean {
  const sharer = sharerOf(call);
  return voice && (!sharer || sharer.id === p.id || p.voiceDuringScreenShare);
}
