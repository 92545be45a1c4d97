import { CALL_LIMITS, CALL_REFUSALS, type TCall } from '@rounds/contracts/calls';
import { describe, expect, it } from 'vitest';
import { startCall, type TCallAction, transition } from './call-machine';

const id = (n: number) => n.toString(16).padStart(24, '0');
const [nurse, doctor, charge, fourth, fifth] = [1, 2, 3, 4, 5].map((n) => ({ id: id(n), fullName: `P${n}` }));
const T0 = 1_000_000;
/** Everyone here may call with voice and video unless a test says otherwise. */
const may = { voice: true, video: true };
/** Two callees accepting with video, each from their one tab, at the start. */
const doctorAccepts: TCallAction = { kind: 'accept', userId: doctor!.id, tabId: 'd', audioOnly: false, may, now: T0 };
const chargeAccepts: TCallAction = { kind: 'accept', userId: charge!.id, tabId: 'c', audioOnly: false, may, now: T0 };

function call(type: TCall['type'] = 'voice', others = [doctor!, charge!]) {
  return startCall({
    id: id(99),
    twId: id(50),
    type,
    transport: 'mesh',
    initializer: nurse!,
    tabId: 'tab-n',
    others,
    now: T0,
  }).call;
}

function run(c: TCall, ...actions: TCallAction[]): TCall {
  for (const a of actions) {
    const r = transition(c, a);
    if (!r.ok) throw new Error(`refused ${a.kind}: ${r.refusal}`);
    c = r.call;
  }
  return c;
}

const status = (c: TCall, who: { id: string }) => c.participants.find((p) => p.id === who.id)?.status;

describe('the call machine', () => {
  it('starts when a callee accepts, and ends when one accepted participant remains, with the duration', () => {
    let c = call();
    expect(c.status).toBe('initialized');
    c = run(c, { kind: 'accept', userId: doctor!.id, tabId: 'tab-d', audioOnly: false, may, now: T0 + 2_000 });
    expect(c.status).toBe('started');
    expect(c.startedAt).toBe(T0 + 2_000);
    expect(c.version).toBe(2);
    // The spec: a call ends when one accepted participant remains; whoever still rings has missed it.
    const r = transition(c, { kind: 'leave', userId: doctor!.id, now: T0 + 62_000 });
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.call.status).toBe('ended');
    expect(status(r.call, charge!)).toBe('missed');
    expect(r.notes.map((n) => n.event)).toEqual(['callLeft', 'callMissed', 'callEnded']);
    expect(r.notes.at(-1)?.duration).toBe(60);
  });

  it('records the caller giving up as aborted, and everyone ringing as let go', () => {
    const r = transition(call(), { kind: 'decline', userId: nurse!.id, now: T0 + 1 });
    expect(r.ok && r.call.status).toBe('ended');
    expect(r.ok && r.notes).toEqual([{ event: 'callAborted', userId: nurse!.id, users: [doctor!.id, charge!.id] }]);
  });

  it('lets one tab accept: a second tab of the same user is refused as busy on another device', () => {
    const c = run(call(), { kind: 'accept', userId: doctor!.id, tabId: 'tab-d1', audioOnly: false, may, now: T0 });
    const again = transition(c, {
      kind: 'accept',
      userId: doctor!.id,
      tabId: 'tab-d2',
      audioOnly: false,
      may,
      now: T0,
    });
    expect(again).toEqual({ ok: false, refusal: CALL_REFUSALS.busyElsewhere });
    const same = transition(c, { kind: 'accept', userId: doctor!.id, tabId: 'tab-d1', audioOnly: false, may, now: T0 });
    expect(same.ok && same.call.version).toBe(c.version);
  });

  it('answers a video call with voice only when asked', () => {
    const c = run(call('video'), { kind: 'accept', userId: doctor!.id, tabId: 'd', audioOnly: true, may, now: T0 });
    const p = c.participants.find((x) => x.id === doctor!.id)!;
    expect([p.voice, p.video]).toEqual([true, false]);
    const n = c.participants.find((x) => x.id === nurse!.id)!;
    expect([n.voice, n.video]).toEqual([true, true]);
  });

  it('marks ringing unanswered for 60 s as missed, and ends a call nobody answered', () => {
    const c = call('voice', [doctor!]);
    const early = transition(c, { kind: 'expireRinging', now: T0 + CALL_LIMITS.ringMs - 1 });
    expect(early.ok && early.call).toBe(c);
    const r = transition(c, { kind: 'expireRinging', now: T0 + CALL_LIMITS.ringMs });
    expect(r.ok && r.call.status).toBe('ended');
    expect(r.ok && status(r.call, doctor!)).toBe('missed');
    expect(r.ok && r.notes.map((n) => n.event)).toEqual(['callMissed']);
  });

  it('allows one sharer at a time, mutes the others meanwhile, and lets the sharer unmute them', () => {
    let c = run(call(), doctorAccepts, chargeAccepts, { kind: 'screenShareStart', may, userId: nurse!.id, now: T0 });
    expect(c.participants.filter((p) => p.id !== nurse!.id).map((p) => p.voiceDuringScreenShare)).toEqual([
      false,
      false,
    ]);
    expect(transition(c, { kind: 'screenShareStart', may, userId: doctor!.id, now: T0 })).toEqual({
      ok: false,
      refusal: CALL_REFUSALS.oneSharer,
    });
    expect(
      transition(c, { kind: 'forceVoice', userId: doctor!.id, targetId: charge!.id, mute: false, now: T0 }),
    ).toEqual({
      ok: false,
      refusal: CALL_REFUSALS.notAllowed,
    });
    c = run(c, { kind: 'forceVoice', userId: nurse!.id, targetId: charge!.id, mute: false, now: T0 });
    expect(c.participants.find((p) => p.id === charge!.id)?.voiceDuringScreenShare).toBe(true);
    c = run(c, { kind: 'screenShareEnd', userId: nurse!.id, now: T0 });
    expect(c.participants.every((p) => p.voiceDuringScreenShare && !p.screenShare)).toBe(true);
  });

  it('lets only the initiator end for all', () => {
    const c = run(call(), doctorAccepts);
    expect(transition(c, { kind: 'endForAll', userId: doctor!.id, now: T0 })).toEqual({
      ok: false,
      refusal: CALL_REFUSALS.notAllowed,
    });
    const r = transition(c, { kind: 'endForAll', userId: nurse!.id, now: T0 + 5_000 });
    expect(r.ok && r.call.status).toBe('ended');
    expect(r.ok && status(r.call, charge!)).toBe('missed');
  });

  it('lets a member join a call in progress, and refuses a fifth person in a mesh', () => {
    let c = run(call('voice', [doctor!]), doctorAccepts);
    c = run(
      c,
      { kind: 'accept', userId: charge!.id, tabId: 'c', audioOnly: false, may, now: T0, joiner: charge! },
      { kind: 'add', userId: nurse!.id, people: [fourth!], now: T0 },
    );
    expect(status(c, charge!)).toBe('accepted');
    expect(status(c, fourth!)).toBe('ringing');
    expect(transition(c, { kind: 'add', userId: nurse!.id, people: [fifth!], now: T0 })).toEqual({
      ok: false,
      refusal: CALL_REFUSALS.full,
    });
  });

  it('ends a direct screen share when its sharer leaves', () => {
    const c = run(call('directScreenShare', [doctor!]), doctorAccepts);
    const r = transition(c, { kind: 'leave', userId: nurse!.id, now: T0 + 1_000 });
    expect(r.ok && r.call.status).toBe('ended');
  });

  it('keeps the sharer’s camera state under the screen and refuses the video toggle while sharing', () => {
    let c = run(call('video', [doctor!]), doctorAccepts, { kind: 'screenShareStart', may, userId: nurse!.id, now: T0 });
    const sharer = () => c.participants.find((p) => p.id === nurse!.id)!;
    expect([sharer().screenShare, sharer().video]).toEqual([true, true]);
    expect(transition(c, { kind: 'toggleVideo', may, userId: nurse!.id, now: T0 })).toEqual({
      ok: false,
      refusal: CALL_REFUSALS.notAllowed,
    });
    // The others keep their own toggle.
    expect(transition(c, { kind: 'toggleVideo', may, userId: doctor!.id, now: T0 }).ok).toBe(true);
    c = run(c, { kind: 'screenShareEnd', userId: nurse!.id, now: T0 });
    expect([sharer().screenShare, sharer().video]).toEqual([false, true]);
    expect(transition(c, { kind: 'toggleVideo', may, userId: nurse!.id, now: T0 }).ok).toBe(true);
  });

  it('ends a direct screen share for everyone when its sharer stops or leaves, even with two watching', () => {
    const watched = () => run(call('directScreenShare'), doctorAccepts, chargeAccepts);
    const c = watched();
    // Watching a screen carries no sound and no camera (doc 2 section 4, Accept).
    expect(c.participants.filter((p) => p.id !== nurse!.id).map((p) => [p.voice, p.video])).toEqual([
      [false, false],
      [false, false],
    ]);
    expect(transition(c, { kind: 'screenShareStart', may, userId: doctor!.id, now: T0 })).toEqual({
      ok: false,
      refusal: CALL_REFUSALS.oneSharer,
    });
    for (const kind of ['leave', 'screenShareEnd'] as const) {
      const r = transition(watched(), { kind, userId: nurse!.id, now: T0 + 3_000 });
      expect(r.ok && r.call.status).toBe('ended');
      expect(r.ok && r.call.participants.every((p) => p.status === 'dropped' && !p.screenShare)).toBe(true);
      expect(r.ok && r.notes.map((n) => n.event)).toEqual(['screenShareStopped', 'callLeft', 'callEnded']);
    }
    // A watcher leaving leaves the share running for the other.
    const r = transition(c, { kind: 'leave', userId: doctor!.id, now: T0 });
    expect(r.ok && r.call.status).toBe('started');
  });

  it('refuses every action on an ended call', () => {
    const ended = run(call(), { kind: 'decline', userId: nurse!.id, now: T0 });
    expect(transition(ended, { kind: 'toggleVoice', userId: nurse!.id, now: T0 })).toEqual({
      ok: false,
      refusal: CALL_REFUSALS.notFound,
    });
  });

  it('asks the acting user’s permissions: voice to answer by voice, video for a camera or a screen', () => {
    const voiceOnly = { voice: true, video: false };
    const v = call('video');
    const asVideo = { kind: 'accept', userId: doctor!.id, tabId: 'd', may: voiceOnly, now: T0 } as const;
    expect(transition(v, { ...asVideo, audioOnly: false })).toEqual({ ok: false, refusal: CALL_REFUSALS.noPermission });
    const c = run(v, { ...asVideo, audioOnly: true });
    for (const a of [
      { kind: 'toggleVideo', userId: doctor!.id, may: voiceOnly, now: T0 },
      { kind: 'screenShareStart', userId: doctor!.id, may: voiceOnly, now: T0 },
    ] as const) {
      expect(transition(c, a)).toEqual({ ok: false, refusal: CALL_REFUSALS.noPermission });
    }
    // A camera that is on may always go off.
    const off = transition(c, { kind: 'toggleVideo', userId: nurse!.id, may: voiceOnly, now: T0 });
    expect(off.ok && off.call.participants.find((p) => p.id === nurse!.id)?.video).toBe(false);
    const noVoice = { voice: false, video: true };
    expect(
      transition(call('voice'), {
        kind: 'accept',
        userId: doctor!.id,
        tabId: 'd',
        audioOnly: false,
        may: noVoice,
        now: T0,
      }),
    ).toEqual({ ok: false, refusal: CALL_REFUSALS.noPermission });
  });
});
