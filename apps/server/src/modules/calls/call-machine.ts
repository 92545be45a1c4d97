import {
  CALL_LIMITS,
  CALL_REFUSALS,
  type TCall,
  type TCallParticipant,
  type TCallRefusal,
  type TCallSystemEvent,
  type TCallType,
} from '@rounds/contracts/calls';

/**
 * The call lifecycle of the spec (doc 2 section 4) as one pure function: a call and an action in, the next
 * call and the system messages it owes out, or a refusal. Nothing here reads a clock, a database or a socket,
 * so every rule is tested alone and two processes applying the same action to the same version agree.
 */

type TPerson = { id: string; fullName: string };

/** What the acting user's permissions allow (voice and video are on only if granted: doc 2 section 4). */
export type TCallMay = { voice: boolean; video: boolean };

export type TCallAction =
  | { kind: 'accept'; userId: string; tabId: string; audioOnly: boolean; may: TCallMay; now: number; joiner?: TPerson }
  | { kind: 'decline'; userId: string; now: number }
  | { kind: 'leave'; userId: string; now: number }
  | { kind: 'endForAll'; userId: string; now: number }
  /** The room is gone (its owner deleted it): the call ends for everyone, whoever started it. */
  | { kind: 'close'; userId: string; now: number }
  | { kind: 'expireRinging'; now: number }
  | { kind: 'screenShareStart'; userId: string; may: TCallMay; now: number }
  | { kind: 'screenShareEnd'; userId: string; now: number }
  | { kind: 'toggleVoice'; userId: string; now: number }
  | { kind: 'toggleVideo'; userId: string; may: TCallMay; now: number }
  | { kind: 'forceVoice'; userId: string; targetId: string; mute: boolean; now: number }
  | { kind: 'add'; userId: string; people: TPerson[]; now: number };

/** A system message the transition owes the room: what happened, who did it, to whom. */
export type TCallNote = { event: TCallSystemEvent; userId: string; users: string[]; duration?: number };

export type TTransition = { ok: true; call: TCall; notes: TCallNote[] } | { ok: false; refusal: TCallRefusal };

const refuse = (refusal: TCallRefusal): TTransition => ({ ok: false, refusal });

export function maxParticipants(call: Pick<TCall, 'transport'>): number {
  return call.transport === 'janus' ? CALL_LIMITS.sfuMaxParticipants : CALL_LIMITS.meshMaxParticipants;
}

const isScreenType = (type: TCallType) => type === 'screenshare' || type === 'directScreenShare';

function participant(person: TPerson, status: TCallParticipant['status'], now: number): TCallParticipant {
  return {
    id: person.id,
    fullName: person.fullName,
    status,
    tabId: null,
    voice: false,
    video: false,
    screenShare: false,
    voiceDuringScreenShare: true,
    ringingSince: status === 'ringing' ? now : null,
  };
}

/** A new call: the starter accepted on their tab, every other member ringing. */
export function startCall(o: {
  id: string;
  twId: string;
  type: TCallType;
  transport: TCall['transport'];
  initializer: TPerson;
  tabId: string;
  others: TPerson[];
  now: number;
}): { call: TCall; notes: TCallNote[] } {
  const starter: TCallParticipant = {
    ...participant(o.initializer, 'accepted', o.now),
    tabId: o.tabId,
    voice: o.type !== 'directScreenShare',
    video: o.type === 'video',
    screenShare: o.type === 'directScreenShare',
  };
  const call: TCall = {
    id: o.id,
    twId: o.twId,
    type: o.type,
    status: 'initialized',
    initializerId: o.initializer.id,
    transport: o.transport,
    createdAt: o.now,
    startedAt: null,
    endedAt: null,
    participants: [starter, ...o.others.map((p) => participant(p, 'ringing', o.now))],
    version: 1,
  };
  return { call, notes: [{ event: 'callInit', userId: o.initializer.id, users: o.others.map((p) => p.id) }] };
}

const count = (call: TCall, status: TCallParticipant['status']) =>
  call.participants.filter((p) => p.status === status).length;

/** Ends the call when it has nobody left to talk to: one accepted participant or fewer, and nobody ringing. */
function settle(call: TCall, notes: TCallNote[], by: string, now: number): TCall {
  if (call.status === 'ended') return call;
  const accepted = count(call, 'accepted');
  const ringing = count(call, 'ringing');
  const over = call.status === 'started' ? accepted <= 1 : accepted === 0 || (ringing === 0 && accepted <= 1);
  if (!over) return call;
  return end(call, notes, by, now);
}

function end(call: TCall, notes: TCallNote[], by: string, now: number): TCall {
  const missed = call.participants.filter((p) => p.status === 'ringing').map((p) => p.id);
  if (missed.length > 0) notes.push({ event: 'callMissed', userId: by, users: missed });
  const duration = call.startedAt === null ? 0 : Math.max(0, Math.round((now - call.startedAt) / 1000));
  if (call.startedAt !== null) notes.push({ event: 'callEnded', userId: by, users: [], duration });
  return ended(call, now, 'missed');
}

/** The call over: those in it dropped, those still ringing `unanswered` (missed, or declined by an abort). */
function ended(call: TCall, now: number, unanswered: 'missed' | 'declined'): TCall {
  return {
    ...call,
    status: 'ended',
    endedAt: now,
    participants: call.participants.map((p) =>
      p.status === 'accepted'
        ? { ...p, status: 'dropped', screenShare: false }
        : p.status === 'ringing'
          ? { ...p, status: unanswered, ringingSince: null }
          : p,
    ),
  };
}

function withParticipant(call: TCall, id: string, change: Partial<TCallParticipant>): TCall {
  return { ...call, participants: call.participants.map((p) => (p.id === id ? { ...p, ...change } : p)) };
}

/** The caller gives up before anyone answered: everyone ringing is let go, recorded once as aborted. */
function abort(call: TCall, userId: string, now: number): TTransition {
  const ringing = call.participants.filter((p) => p.status === 'ringing').map((p) => p.id);
  return {
    ok: true,
    notes: [{ event: 'callAborted', userId, users: ringing }],
    call: ended(call, now, 'declined'),
  };
}

function accept(call: TCall, a: Extract<TCallAction, { kind: 'accept' }>): TTransition {
  let next = call;
  let p = call.participants.find((x) => x.id === a.userId);
  if (!p) {
    if (!a.joiner || call.status !== 'started') return refuse(CALL_REFUSALS.notInCall);
    p = participant(a.joiner, 'dropped', a.now);
    next = { ...call, participants: [...call.participants, p] };
  }
  if (p.status === 'accepted') {
    return p.tabId === a.tabId ? { ok: true, call, notes: [] } : refuse(CALL_REFUSALS.busyElsewhere);
  }
  // Joining a call in progress from the room's call bar is open to members who declined, missed or left it.
  if (p.status !== 'ringing' && call.status !== 'started') return refuse(CALL_REFUSALS.notInCall);
  // Voice calls and answering with voice need the voice permission; video and screen calls the video one.
  const needs = call.type === 'voice' || a.audioOnly ? a.may.voice : a.may.video;
  if (!needs) return refuse(CALL_REFUSALS.noPermission);
  if (count(next, 'accepted') >= maxParticipants(call)) return refuse(CALL_REFUSALS.full);
  const sharing = next.participants.some((x) => x.status === 'accepted' && x.screenShare);
  const screen = isScreenType(call.type);
  next = withParticipant(next, a.userId, {
    status: 'accepted',
    tabId: a.tabId,
    voice: !screen,
    video: call.type === 'video' && !a.audioOnly,
    screenShare: false,
    voiceDuringScreenShare: !sharing,
    ringingSince: null,
  });
  const notes: TCallNote[] = [
    { event: p.status === 'ringing' ? 'callAccepted' : 'callJoined', userId: a.userId, users: [] },
  ];
  if (next.status === 'initialized' && count(next, 'accepted') >= 2) {
    next = { ...next, status: 'started', startedAt: a.now };
  }
  return { ok: true, call: next, notes };
}

function leave(call: TCall, userId: string, now: number): TTransition {
  const p = call.participants.find((x) => x.id === userId);
  if (p?.status !== 'accepted') return refuse(CALL_REFUSALS.notInCall);
  if (userId === call.initializerId && call.status === 'initialized') return abort(call, userId, now);
  const notes: TCallNote[] = [];
  if (p.screenShare) notes.push({ event: 'screenShareStopped', userId, users: [] });
  notes.push({ event: 'callLeft', userId, users: [] });
  // The one who shares their screen directly takes the share with them.
  if (call.type === 'directScreenShare' && userId === call.initializerId) {
    const gone = withParticipant(call, userId, { status: 'dropped', screenShare: false });
    return { ok: true, call: end(gone, notes, userId, now), notes };
  }
  let next = withParticipant(call, userId, { status: 'dropped', screenShare: false });
  if (p.screenShare) next = unmuteAll(next);
  return { ok: true, call: settle(next, notes, userId, now), notes };
}

const unmuteAll = (call: TCall): TCall => ({
  ...call,
  participants: call.participants.map((x) => ({ ...x, voiceDuringScreenShare: true })),
});

export function transition(call: TCall, a: TCallAction): TTransition {
  if (call.status === 'ended') return refuse(CALL_REFUSALS.notFound);
  const result = apply(call, a);
  if (!result.ok || result.call === call) return result;
  return { ...result, call: { ...result.call, version: call.version + 1 } };
}

function apply(call: TCall, a: TCallAction): TTransition {
  switch (a.kind) {
    case 'accept':
      return accept(call, a);
    case 'decline': {
      const p = call.participants.find((x) => x.id === a.userId);
      if (a.userId === call.initializerId && call.status === 'initialized') return abort(call, a.userId, a.now);
      if (p?.status !== 'ringing') return refuse(CALL_REFUSALS.notInCall);
      const notes: TCallNote[] = [{ event: 'callDeclined', userId: a.userId, users: [] }];
      const next = withParticipant(call, a.userId, { status: 'declined', ringingSince: null });
      return { ok: true, call: settle(next, notes, a.userId, a.now), notes };
    }
    case 'leave':
      return leave(call, a.userId, a.now);
    case 'endForAll':
    case 'close': {
      if (a.kind === 'endForAll' && a.userId !== call.initializerId) return refuse(CALL_REFUSALS.notAllowed);
      if (call.status === 'initialized') return abort(call, a.userId, a.now);
      const notes: TCallNote[] = [];
      return { ok: true, call: end(call, notes, a.userId, a.now), notes };
    }
    case 'expireRinging': {
      const due = call.participants.filter(
        (p) => p.status === 'ringing' && p.ringingSince !== null && p.ringingSince + CALL_LIMITS.ringMs <= a.now,
      );
      if (due.length === 0) return { ok: true, call, notes: [] };
      const notes: TCallNote[] = [{ event: 'callMissed', userId: call.initializerId, users: due.map((p) => p.id) }];
      const next: TCall = {
        ...call,
        participants: call.participants.map((p) =>
          due.includes(p) ? { ...p, status: 'missed', ringingSince: null } : p,
        ),
      };
      return { ok: true, call: settle(next, notes, call.initializerId, a.now), notes };
    }
    case 'screenShareStart': {
      const p = call.participants.find((x) => x.id === a.userId);
      if (p?.status !== 'accepted') return refuse(CALL_REFUSALS.notInCall);
      if (p.screenShare) return { ok: true, call, notes: [] };
      // A shared screen is video: only with the video permission (doc 2 section 5).
      if (!a.may.video) return refuse(CALL_REFUSALS.noPermission);
      if (call.participants.some((x) => x.status === 'accepted' && x.screenShare)) {
        return refuse(CALL_REFUSALS.oneSharer);
      }
      // Everyone else is muted by default while someone shares; the sharer may unmute them (forceVoice). The
      // sharer's `video` keeps their camera's state: the screen takes the camera's place while it is shared
      // (the video toggle is off meanwhile) and the camera comes back as it was when the share stops.
      const next: TCall = {
        ...call,
        participants: call.participants.map((x) =>
          x.id === a.userId ? { ...x, screenShare: true } : { ...x, voiceDuringScreenShare: false },
        ),
      };
      return { ok: true, call: next, notes: [{ event: 'screenShareStarted', userId: a.userId, users: [] }] };
    }
    case 'screenShareEnd': {
      const p = call.participants.find((x) => x.id === a.userId);
      if (p?.status !== 'accepted') return refuse(CALL_REFUSALS.notInCall);
      if (!p.screenShare) return { ok: true, call, notes: [] };
      if (call.type === 'directScreenShare') return leave(call, a.userId, a.now);
      const next = unmuteAll(withParticipant(call, a.userId, { screenShare: false }));
      return { ok: true, call: next, notes: [{ event: 'screenShareStopped', userId: a.userId, users: [] }] };
    }
    case 'toggleVoice':
    case 'toggleVideo': {
      const p = call.participants.find((x) => x.id === a.userId);
      if (p?.status !== 'accepted') return refuse(CALL_REFUSALS.notInCall);
      // Screen share disables the video toggle (doc 2 section 4): the screen is what the others see.
      if (a.kind === 'toggleVideo' && p.screenShare) return refuse(CALL_REFUSALS.notAllowed);
      // Turning the camera on needs the video permission; turning it off never does.
      if (a.kind === 'toggleVideo' && !p.video && !a.may.video) return refuse(CALL_REFUSALS.noPermission);
      const key = a.kind === 'toggleVoice' ? 'voice' : 'video';
      return { ok: true, call: withParticipant(call, a.userId, { [key]: !p[key] }), notes: [] };
    }
    case 'forceVoice': {
      const sharer = call.participants.find((x) => x.id === a.userId);
      if (sharer?.status !== 'accepted' || !sharer.screenShare) return refuse(CALL_REFUSALS.notAllowed);
      const target = call.participants.find((x) => x.id === a.targetId);
      if (target?.status !== 'accepted') return refuse(CALL_REFUSALS.notInCall);
      return { ok: true, call: withParticipant(call, a.targetId, { voiceDuringScreenShare: !a.mute }), notes: [] };
    }
    case 'add': {
      const me = call.participants.find((x) => x.id === a.userId);
      if (me?.status !== 'accepted') return refuse(CALL_REFUSALS.notInCall);
      const active = (p: TCallParticipant) => p.status === 'accepted' || p.status === 'ringing';
      const fresh = a.people.filter((person) => {
        const p = call.participants.find((x) => x.id === person.id);
        return !p || !active(p);
      });
      if (fresh.length === 0) return { ok: true, call, notes: [] };
      if (call.participants.filter(active).length + fresh.length > maxParticipants(call)) {
        return refuse(CALL_REFUSALS.full);
      }
      const known = new Set(call.participants.map((p) => p.id));
      const next: TCall = {
        ...call,
        participants: [
          ...call.participants.map((p) =>
            fresh.some((f) => f.id === p.id) ? { ...p, status: 'ringing' as const, ringingSince: a.now } : p,
          ),
          ...fresh.filter((f) => !known.has(f.id)).map((f) => participant(f, 'ringing', a.now)),
        ],
      };
      return { ok: true, call: next, notes: [{ event: 'callInit', userId: a.userId, users: fresh.map((f) => f.id) }] };
    }
  }
}
