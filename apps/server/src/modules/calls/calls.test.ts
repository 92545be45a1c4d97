import { createHmac } from 'node:crypto';
import { authRoutes } from '@rounds/contracts/auth';
import { CALL_LIMITS, CALL_REFUSALS, callRoutes, type TCall } from '@rounds/contracts/calls';
import { chatRoomRoutes, type TMessage, ZChatRoomReply, ZMessagesReply } from '@rounds/contracts/chat';
import { userPermissionRoutes } from '@rounds/contracts/user-permissions';
import type { Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callRoute } from '../../../test/support/call-route';
import { ringingVoiceCall } from '../../../test/support/calls';
import { callAs, caller, collect, emitAck, type Member, openSocket, settle } from '../../../test/support/chat';
import { createTestApp, TEST_ADMIN, type TestApp } from '../../../test/support/test-app';
import { login } from '../../../test/support/users';
import { verifyMediaToken } from '../../lib/tokens';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await t.listen();
});
afterAll(() => t.close());

type Ack = { ok: true; call: TCall } | { ok: false; code: string; message: string };
type CallEvent = { call: TCall };

const room = async (owner: Member, others: Member[], type: 'direct' | 'group' = 'group') =>
  ZChatRoomReply.parse(
    (
      await callAs(t, owner, chatRoomRoutes.create, {
        body: {
          type,
          ...(type === 'group' ? { name: `Ward ${crypto.randomUUID().slice(0, 8)}` } : {}),
          participants: others.map((o) => o.id),
        },
      })
    ).body,
  ).data.chatRoom.id;
const events = async (m: Member, twId: string) => {
  const res = await callAs(t, m, chatRoomRoutes.messages, { body: { twId } });
  return ZMessagesReply.parse(res.body)
    .data.messages.filter((x) => x.attributes.systemMessage && x.attributes.event?.type.startsWith('call'))
    .map((x) => x.attributes.event!);
};
const status = (call: TCall, m: Member) => call.participants.find((p) => p.id === m.id)?.status;

describe('calls', () => {
  it('rings every tab of the callee; one tab answers, the others stop; the room keeps the record', async () => {
    const [nurse, doctor] = await Promise.all([caller(t, 'Nina'), caller(t, 'Omar')]);
    const twId = await room(nurse, [doctor], 'direct');
    const nurseTab = await openSocket(t, nurse);
    const [tab1, tab2] = await Promise.all([openSocket(t, doctor), openSocket(t, doctor)]);
    const rung = [collect<CallEvent>(tab1, 'CallInitialized'), collect<CallEvent>(tab2, 'CallInitialized')];
    const accepted = collect<CallEvent>(tab2, 'CallAccepted');

    const init = await emitAck<Ack>(nurseTab, 'CallInitialize', { twId, video: false });
    expect(init.ok).toBe(true);
    for (const c of rung) expect(status((await c.next()).call, doctor)).toBe('ringing');

    const answer = await emitAck<Ack>(tab1, 'CallAccept', { twId });
    expect(answer.ok && answer.call.status).toBe('started');
    const heard = (await accepted.next()).call;
    // The second tab learns the call was answered on another tab of the same person: it stops ringing.
    expect(heard.participants.find((p) => p.id === doctor.id)).toMatchObject({ status: 'accepted' });
    expect(heard.participants.find((p) => p.id === doctor.id)?.tabId).not.toBeNull();
    const second = await emitAck<Ack>(tab2, 'CallAccept', { twId });
    expect(second).toMatchObject({ ok: false, code: CALL_REFUSALS.busyElsewhere });
    expect(!second.ok && second.message).toBe('You are currently in the call in this chat room with another device.');

    const ended = collect<CallEvent>(tab2, 'CallEnded');
    expect((await emitAck<Ack>(nurseTab, 'CallEnd', { twId })).ok).toBe(true);
    expect((await ended.next()).call.status).toBe('ended');
    const history = await events(doctor, twId);
    expect(history.map((e) => e.type)).toEqual(['callInit', 'callAccepted', 'callLeft', 'callEnded']);
    expect(history.every((e) => e.data.callType === 'voice')).toBe(true);
    expect(history.at(-1)?.data.duration).toBeGreaterThanOrEqual(0);
  });

  it('refuses a call or an answer without the permission, in the reader’s language', async () => {
    const [nurse, noVoice, noVideo] = await Promise.all([
      caller(t, 'Pia'),
      caller(t, 'Quinn', { voice: false, video: true }),
      caller(t, 'Rosa', { voice: true, video: false }),
    ]);
    const refused = await emitAck<Ack>(await openSocket(t, noVoice), 'CallInitialize', {
      twId: await room(noVoice, [nurse], 'direct'),
      video: false,
    });
    expect(refused).toMatchObject({ ok: false, code: CALL_REFUSALS.noPermission });

    const twId = await room(nurse, [noVideo], 'direct');
    await t.app.db.updateTable('users').set({ language: 'fr' }).where('id', '=', noVideo.id).execute();
    const noVideoTab = await openSocket(t, noVideo);
    const video = await emitAck<Ack>(await openSocket(t, nurse), 'CallInitialize', { twId, video: true });
    expect(video.ok).toBe(true);
    const answer = await emitAck<Ack>(noVideoTab, 'CallAccept', { twId, audioOnly: false });
    expect(answer).toMatchObject({ ok: false, code: CALL_REFUSALS.noPermission });
    expect(!answer.ok && answer.message).toBe('Vous n’avez pas l’autorisation pour cet appel.');
    // Answering a video call with voice only needs only the voice permission.
    const voiceOnly = await emitAck<Ack>(noVideoTab, 'CallAccept', { twId, audioOnly: true });
    expect(voiceOnly.ok && voiceOnly.call.participants.find((p) => p.id === noVideo.id)).toMatchObject({
      voice: true,
      video: false,
    });
  });

  it('refuses a call no connected callee can answer, with the spec’s text; rings only those who can', async () => {
    const [nurse, offline, noVoice, noneAtAll] = await Promise.all([
      caller(t, 'Ona'),
      caller(t, 'Pam'),
      caller(t, 'Quy', { voice: false, video: true }),
      caller(t, 'Rae', { voice: false, video: false }),
    ]);
    const nurseTab = await openSocket(t, nurse);
    // Offline: allowed, but not connected.
    const direct = await room(nurse, [offline], 'direct');
    const unavailable = await emitAck<Ack>(nurseTab, 'CallInitialize', { twId: direct });
    expect(unavailable).toEqual({
      ok: false,
      code: CALL_REFUSALS.contactUnavailable,
      message: 'Contact is not available for this call.',
    });
    expect(await t.app.calls.liveCall(direct)).toBeNull();

    // Connected, but without the permission: not rung, and the call is refused while nobody else can take it.
    const ward = await room(nurse, [offline, noVoice, noneAtAll]);
    const [noVoiceTab, noneTab] = await Promise.all([openSocket(t, noVoice), openSocket(t, noneAtAll)]);
    const rang = [collect<CallEvent>(noVoiceTab, 'CallInitialized'), collect<CallEvent>(noneTab, 'CallInitialized')];
    expect(await emitAck<Ack>(nurseTab, 'CallInitialize', { twId: ward })).toMatchObject({
      ok: false,
      code: CALL_REFUSALS.contactUnavailable,
    });
    // Pam comes online: the voice call rings her alone; a video call would ring Quy too (video permission).
    await openSocket(t, offline);
    const voice = await emitAck<Ack>(nurseTab, 'CallInitialize', { twId: ward });
    expect(voice.ok && voice.call.participants.map((p) => [p.id, p.status])).toEqual([
      [nurse.id, 'accepted'],
      [offline.id, 'ringing'],
    ]);
    expect(await emitAck<Ack>(noVoiceTab, 'CallAccept', { twId: ward, audioOnly: true })).toMatchObject({ ok: false });
    await emitAck<Ack>(nurseTab, 'CallEnd', { twId: ward });
    const video = await emitAck<Ack>(nurseTab, 'CallInitialize', { twId: ward, video: true });
    expect(video.ok && video.call.participants.map((p) => p.id)).toEqual([nurse.id, offline.id, noVoice.id]);
    await emitAck<Ack>(nurseTab, 'CallEnd', { twId: ward });
    // The room's members hear of each call; the ringing card shows only for those in it.
    await settle();
    expect(rang[1]!.seen.every((e) => e.call.participants.every((p) => p.id !== noneAtAll.id))).toBe(true);
    expect(rang[0]!.seen.filter((e) => e.call.participants.some((p) => p.id === noVoice.id))).toHaveLength(1);
  });

  it('tells those who share a room with someone of a change to their call permissions, and nobody else', async () => {
    const [nurse, mate, stranger] = await Promise.all([caller(t, 'Sia'), caller(t, 'Tom'), caller(t, 'Uri')]);
    await room(nurse, [mate], 'direct');
    const [mateTab, strangerTab] = await Promise.all([openSocket(t, mate), openSocket(t, stranger)]);
    const heard = collect<{ userId: string; voice?: boolean }>(mateTab, 'CallPermissionsChanged');
    const unheard = collect(strangerTab, 'CallPermissionsChanged');
    const admin = (await login(t.app, TEST_ADMIN.email, TEST_ADMIN.password)).token;
    const res = await callRoute(t.app, userPermissionRoutes.set, {
      token: admin,
      body: { userId: nurse.id, permission: 'voice', value: false },
    });
    expect(res.statusCode).toBe(200);
    expect(await heard.next()).toEqual({ userId: nurse.id, voice: false });
    const rooms = await callAs(t, mate, chatRoomRoutes.list, { query: {} });
    expect(JSON.stringify(rooms.body)).toContain('"calls":{"voice":false,"video":true}');
    await settle();
    expect(unheard.seen).toEqual([]);
  });

  it('answers an outsider exactly as a room that does not exist', async () => {
    const [nurse, doctor, outsider] = await Promise.all([caller(t, 'Sam'), caller(t, 'Tia'), caller(t, 'Uma')]);
    const twId = await room(nurse, [doctor]);
    await emitAck<Ack>(await openSocket(t, nurse), 'CallInitialize', { twId });
    const outsiderTab = await openSocket(t, outsider);
    const leaked = collect(outsiderTab, 'CallUpdated');
    const asOutsider = await emitAck<Ack>(outsiderTab, 'CallAccept', { twId });
    const missing = await emitAck<Ack>(outsiderTab, 'CallAccept', { twId: '0'.repeat(24) });
    expect(asOutsider).toEqual(missing);
    expect(asOutsider.ok).toBe(false);
    await settle();
    expect(leaked.seen).toEqual([]);
  });

  it('lets one call run per room and per person', async () => {
    const [a, b, c] = await Promise.all([caller(t, 'Vic'), caller(t, 'Wes'), caller(t, 'Xia')]);
    const ab = await room(a, [b]);
    const ac = await room(a, [c]);
    const [aTab, bTab] = await Promise.all([openSocket(t, a), openSocket(t, b)]);
    expect((await emitAck<Ack>(aTab, 'CallInitialize', { twId: ab })).ok).toBe(true);
    expect(await emitAck<Ack>(bTab, 'CallInitialize', { twId: ab })).toMatchObject({
      ok: false,
      code: CALL_REFUSALS.ongoing,
    });
    expect(await emitAck<Ack>(aTab, 'CallInitialize', { twId: ac })).toMatchObject({
      ok: false,
      code: CALL_REFUSALS.busyElsewhere,
    });
  });

  it('records unanswered ringing as missed after 60 s and ends the call', async () => {
    const [a, b] = await Promise.all([caller(t, 'Yan'), caller(t, 'Zoe')]);
    const twId = await room(a, [b], 'direct');
    const bTab = await openSocket(t, b);
    const ended = collect<CallEvent>(bTab, 'CallEnded');
    const init = await emitAck<Ack>(await openSocket(t, a), 'CallInitialize', { twId });
    expect(init.ok).toBe(true);
    expect(await t.app.calls.expireRinging(Date.now() + CALL_LIMITS.ringMs - 5_000)).not.toContain(twId);
    expect(await t.app.calls.expireRinging(Date.now() + CALL_LIMITS.ringMs + 1_000)).toContain(twId);
    const call = (await ended.next()).call;
    expect(status(call, b)).toBe('missed');
    expect((await events(b, twId)).map((e) => e.type)).toEqual(['callInit', 'callMissed']);
  });

  it('counts a missed call as unread for those who missed it only, until they read the room', async () => {
    const [a, b, c] = await Promise.all([caller(t, 'Una'), caller(t, 'Vic'), caller(t, 'Wes')]);
    const twId = await room(a, [b, c]);
    const [aTab, bTab, cTab] = await Promise.all([openSocket(t, a), openSocket(t, b), openSocket(t, c)]);
    const room$ = async (m: Member) =>
      (await callAs(t, m, chatRoomRoutes.details, { query: { twId } })).body.data.chatRoom;
    expect((await emitAck<Ack>(aTab, 'CallInitialize', { twId })).ok).toBe(true);
    expect((await emitAck<Ack>(bTab, 'CallAccept', { twId })).ok).toBe(true);
    await t.app.calls.expireRinging(Date.now() + CALL_LIMITS.ringMs + 1_000);
    expect(await room$(c)).toMatchObject({ unreadCount: 1 });
    expect(await room$(b)).toMatchObject({ unreadCount: 0 });
    expect(await room$(a)).toMatchObject({ unreadCount: 0 });
    const missed = (await callAs(t, c, chatRoomRoutes.messages, { body: { twId } })).body.data.messages.find(
      (m: { attributes: { event?: { type: string } } }) => m.attributes.event?.type === 'callMissed',
    )!;

    // A message after it adds to it; reading up to the missed call leaves the message; reading all clears both.
    const read = collect<{ seq: number; unreadCount?: number }>(cTab, 'Read');
    const sent = await emitAck<{ ok: true; message: { seq: number } }>(aTab, 'SendMessage', {
      twId,
      clientId: crypto.randomUUID(),
      body: 'Call me back',
    });
    expect(await room$(c)).toMatchObject({ unreadCount: 2 });
    const readTo = async (seq: number) => {
      await emitAck(cTab, 'ReadMessage', { twId, seq });
      return (await read.next((p) => p.seq === seq)).unreadCount;
    };
    expect(await readTo(missed.seq - 1)).toBe(2);
    expect(await readTo(missed.seq)).toBe(1);
    expect(await readTo(sent.message.seq)).toBe(0);
    expect(await room$(c)).toMatchObject({ unreadCount: 0 });
    await emitAck<Ack>(aTab, 'CallEnd', { twId });
  });

  it('gives each of the actions committed together its own system messages, in order, each delivered once', async () => {
    const people = await Promise.all(['Ada', 'Ben', 'Cal', 'Dot', 'Eve', 'Fay', 'Gus'].map((n) => caller(t, n)));
    const [a, b, c, d, e, f, g] = people as [Member, Member, Member, Member, Member, Member, Member];
    const [ab, cd, efg] = [await room(a, [b], 'direct'), await room(c, [d], 'direct'), await room(e, [f, g])];
    const heard = new Map(
      await Promise.all(
        people.map(async (m) => [m.id, collect<TMessage>(await openSocket(t, m), 'NewMessage')] as const),
      ),
    );
    const calls = t.app.calls;
    const tab = () => crypto.randomUUID();
    const now = () => Date.now();
    // Asked for in one turn, as a burst of socket events arrives: each step's writes share one transaction.
    await Promise.all([
      calls.initialize(a.id, tab(), { twId: ab, video: false, screenShare: false }),
      calls.initialize(c.id, tab(), { twId: cd, video: false, screenShare: false }),
      calls.initialize(e.id, tab(), { twId: efg, video: false, screenShare: false }),
    ]);
    // Fay's and Gus's answers read the same version of the group call: the second written loses and is decided again.
    await Promise.all([
      calls.accept(b.id, tab(), ab, false),
      calls.act(d.id, cd, () => ({ kind: 'decline', userId: d.id, now: now() })),
      calls.accept(f.id, tab(), efg, false),
      calls.accept(g.id, tab(), efg, false),
    ]);
    await Promise.all([
      calls.act(a.id, ab, () => ({ kind: 'leave', userId: a.id, now: now() })),
      calls.act(e.id, efg, () => ({ kind: 'endForAll', userId: e.id, now: now() })),
    ]);

    const expected: [string, Member[], string[]][] = [
      [ab, [a, b], ['callInit', 'callAccepted', 'callLeft', 'callEnded']],
      [cd, [c, d], ['callInit', 'callDeclined']],
      [efg, [e, f, g], ['callInit', 'callAccepted', 'callAccepted', 'callEnded']],
    ];
    for (const [twId, members, types] of expected) {
      const history = ZMessagesReply.parse(
        (await callAs(t, members[0]!, chatRoomRoutes.messages, { body: { twId } })).body,
      ).data.messages.filter((m) => m.attributes.event?.type.startsWith('call'));
      expect(history.map((m) => m.attributes.event?.type)).toEqual(types);
      expect(history.map((m) => m.seq)).toEqual(types.map((_, i) => history[0]!.seq + i));
      // Fay answered first, then Gus.
      if (twId === efg)
        expect(history.slice(1, 3).map((m) => m.attributes.event?.data.initiator.id)).toEqual([f.id, g.id]);
      for (const m of members) {
        const got = heard.get(m.id)!;
        await got.next((x) => x.id === history.at(-1)!.id);
        const calls$ = got.seen.filter((x) => x.twId === twId && x.attributes.event?.type.startsWith('call'));
        expect(calls$.map((x) => x.id)).toEqual(history.map((x) => x.id));
      }
    }
    // Nothing comes twice later either.
    await settle();
    for (const [twId, members, types] of expected) {
      for (const m of members) {
        const seen = heard
          .get(m.id)!
          .seen.filter((x) => x.twId === twId && x.attributes.event?.type.startsWith('call'));
        expect(seen).toHaveLength(types.length);
      }
    }
  });

  it('relays signalling only between the accepted tabs of one call', async () => {
    const [a, b] = await Promise.all([caller(t, 'Abe'), caller(t, 'Bea')]);
    const twId = await room(a, [b], 'direct');
    const [aTabId, bTabId] = [crypto.randomUUID(), crypto.randomUUID()];
    const aTab = await openSocket(t, a, aTabId);
    const bTab = await openSocket(t, b, bTabId);
    const bOther = await openSocket(t, b, crypto.randomUUID());
    await emitAck<Ack>(aTab, 'CallInitialize', { twId, video: true });
    const offer = { type: 'offer', sdp: 'v=0 fake' };
    // Before Bea answers, nothing is relayed to her.
    expect(await emitAck(aTab, 'CallSignal', { twId, to: { userId: b.id, tabId: bTabId }, data: offer })).toMatchObject(
      {
        ok: false,
        code: CALL_REFUSALS.notInCall,
      },
    );
    await emitAck<Ack>(bTab, 'CallAccept', { twId });
    const got = collect<{ from: { userId: string; tabId: string }; data: unknown }>(bTab, 'CallSignal');
    const elsewhere = collect(bOther, 'CallSignal');
    expect(await emitAck(aTab, 'CallSignal', { twId, to: { userId: b.id, tabId: bTabId }, data: offer })).toEqual({
      ok: true,
    });
    expect(await got.next()).toEqual({ twId, from: { userId: a.id, tabId: aTabId }, data: offer });
    await settle();
    expect(elsewhere.seen).toEqual([]);
  });

  describe('a member who is no longer in the room loses their part in its call at once', () => {
    type Signal = { from: { userId: string; tabId: string } };
    /** A started group call of three, each on one tab, the owner first. */
    const groupCall = async (names: [string, string, string]) => {
      const people = await Promise.all(names.map((n) => caller(t, n)));
      const [owner, b, c] = people as [Member, Member, Member];
      const twId = await room(owner, [b, c]);
      const tabIds = people.map(() => crypto.randomUUID());
      const tabs = await Promise.all(people.map((m, i) => openSocket(t, m, tabIds[i])));
      expect((await emitAck<Ack>(tabs[0]!, 'CallInitialize', { twId, video: false })).ok).toBe(true);
      for (const x of tabs.slice(1)) expect((await emitAck<Ack>(x, 'CallAccept', { twId })).ok).toBe(true);
      const to = (i: number) => ({ userId: people[i]!.id, tabId: tabIds[i]! });
      return { owner, b, c, twId, tabs: tabs as [Socket, Socket, Socket], to };
    };

    it('removed by the owner: dropped from the live call, told so, their signalling refused and never relayed', async () => {
      const { owner, b, c, twId, tabs, to } = await groupCall(['Ama', 'Bo', 'Cai']);
      const [ownerTab, bTab, cTab] = tabs;
      const told = collect<CallEvent>(bTab, 'CallUpdated');
      const relayed = collect<Signal>(cTab, 'CallSignal');
      const removed = await callAs(t, owner, chatRoomRoutes.removeContacts, {
        query: { twId },
        body: { contacts: [b.id] },
      });
      expect(removed.status).toBe(200);
      const live = await t.app.calls.liveCall(twId);
      expect(live && status(live, b)).toBe('dropped');
      expect(live?.status).toBe('started');
      expect(status((await told.next()).call, b)).toBe('dropped');
      const offer = { type: 'offer', sdp: 'v=0 fake' };
      const signal = await emitAck<Ack>(bTab, 'CallSignal', { twId, to: to(2), data: offer });
      const missing = await emitAck<Ack>(bTab, 'CallSignal', { twId: '0'.repeat(24), to: to(2), data: offer });
      expect(signal).toEqual(missing);
      expect(await callAs(t, b, callRoutes.videoToken, { query: { twId } })).toMatchObject({ status: 404 });
      // The others still talk to each other.
      expect(await emitAck(ownerTab, 'CallSignal', { twId, to: to(2), data: offer })).toEqual({ ok: true });
      expect((await relayed.next()).from.userId).toBe(owner.id);
      await settle();
      expect(relayed.seen.map((x) => x.from.userId)).toEqual([owner.id]);
      expect(await emitAck(ownerTab, 'CallSignal', { twId, to: to(1), data: offer })).toMatchObject({ ok: false });
      expect(status(live!, c)).toBe('accepted');
      await emitAck<Ack>(ownerTab, 'CallEndForAll', { twId });
    });

    it('who leaves the group: left the call; a ringing one stops ringing', async () => {
      const { b, twId, tabs, to } = await groupCall(['Dov', 'Eli', 'Fay']);
      const [ownerTab, bTab] = tabs;
      expect((await callAs(t, b, chatRoomRoutes.leave, { query: { twId } })).status).toBe(200);
      const live = await t.app.calls.liveCall(twId);
      expect(live && status(live, b)).toBe('dropped');
      const offer = { type: 'offer', sdp: 'v=0 fake' };
      const refused = await emitAck<Ack>(bTab, 'CallSignal', { twId, to: to(0), data: offer });
      expect(refused).toMatchObject({ ok: false, code: 'CONVERSATION_UNAVAILABLE' });
      const again = await emitAck<Ack>(bTab, 'CallAccept', { twId });
      expect(again).toMatchObject({ ok: false, code: 'CONVERSATION_UNAVAILABLE' });
      await emitAck<Ack>(ownerTab, 'CallEndForAll', { twId });

      const [owner, ringing, other] = await Promise.all([caller(t, 'Gil'), caller(t, 'Hal'), caller(t, 'Ida')]);
      const ward = await room(owner, [ringing, other]);
      const ownerSocket = await openSocket(t, owner);
      await Promise.all([openSocket(t, ringing), openSocket(t, other)]);
      expect((await emitAck<Ack>(ownerSocket, 'CallInitialize', { twId: ward })).ok).toBe(true);
      expect((await callAs(t, ringing, chatRoomRoutes.leave, { query: { twId: ward } })).status).toBe(200);
      const rung = await t.app.calls.liveCall(ward);
      expect(rung && status(rung, ringing)).toBe('declined');
      expect(rung && status(rung, other)).toBe('ringing');
      await emitAck<Ack>(ownerSocket, 'CallEndForAll', { twId: ward });
    });

    it('whose room its owner deletes: the call ends for everyone, the owner told too', async () => {
      const { owner, twId, tabs } = await groupCall(['Jo', 'Kai', 'Lu']);
      const [ownerTab, bTab] = tabs;
      const [ownerHeard, bHeard] = [collect<CallEvent>(ownerTab, 'CallEnded'), collect<CallEvent>(bTab, 'CallEnded')];
      expect((await callAs(t, owner, chatRoomRoutes.remove, { query: { twId } })).status).toBe(200);
      expect(await t.app.calls.liveCall(twId)).toBeNull();
      expect((await ownerHeard.next()).call.status).toBe('ended');
      expect((await bHeard.next()).call.status).toBe('ended');
    });
  });

  it('lets the room owner add someone, refuses a fifth person in a mesh, and one sharer at a time', async () => {
    const people = await Promise.all(['Cal', 'Dee', 'Eli', 'Fox', 'Gus'].map((n) => caller(t, n)));
    const [owner, b, c, d, e] = people as [Member, Member, Member, Member, Member];
    const twId = await room(owner, [b, c, d, e]);
    const ownerTab = await openSocket(t, owner);
    expect(await emitAck<Ack>(ownerTab, 'CallInitialize', { twId })).toMatchObject({
      ok: false,
      code: CALL_REFUSALS.full,
      message: 'This call is full: at most 4 people can take part.',
    });
    const small = await room(owner, [b, c, d]);
    const bTab = await openSocket(t, b);
    await emitAck<Ack>(ownerTab, 'CallInitialize', { twId: small });
    await emitAck<Ack>(bTab, 'CallAccept', { twId: small });
    expect((await emitAck<Ack>(ownerTab, 'CallScreenShareStart', { twId: small })).ok).toBe(true);
    expect(await emitAck<Ack>(bTab, 'CallScreenShareStart', { twId: small })).toMatchObject({
      ok: false,
      code: CALL_REFUSALS.oneSharer,
    });
    expect(await emitAck<Ack>(bTab, 'CallAddParticipants', { twId: small, userIds: [c.id] })).toMatchObject({
      ok: false,
      code: CALL_REFUSALS.notAllowed,
    });
  });

  it('drops a participant gone for 10 s, which ends a two-person call', async () => {
    const [a, b] = await Promise.all([caller(t, 'Hal'), caller(t, 'Ida')]);
    const twId = await room(a, [b], 'direct');
    const aTab = await openSocket(t, a);
    const bTab = await openSocket(t, b);
    await emitAck<Ack>(aTab, 'CallInitialize', { twId });
    await emitAck<Ack>(bTab, 'CallAccept', { twId });
    const ended = collect<CallEvent>(aTab, 'CallEnded');
    bTab.disconnect();
    await settle(400);
    const now = Date.now();
    expect(await t.app.calls.dropDisconnected(now)).not.toContain(twId);
    expect(await t.app.calls.dropDisconnected(now + CALL_LIMITS.dropAfterMs)).toContain(twId);
    expect(status((await ended.next()).call, b)).toBe('dropped');
  });

  it('ends a signed-out user’s part in their calls at once: left when in one, declined when it rang', async () => {
    const [a, b, c] = await Promise.all([caller(t, 'Lea'), caller(t, 'Max'), caller(t, 'Noa')]);
    const talking = await room(a, [b], 'direct');
    const ringing = await room(c, [b], 'direct');
    const [aTab, bTab, cTab] = await Promise.all([openSocket(t, a), openSocket(t, b), openSocket(t, c)]);
    await emitAck<Ack>(aTab, 'CallInitialize', { twId: talking });
    await emitAck<Ack>(bTab, 'CallAccept', { twId: talking });
    await emitAck<Ack>(cTab, 'CallInitialize', { twId: ringing });
    const ended = collect<CallEvent>(aTab, 'CallEnded');
    const declined = collect<CallEvent>(cTab, 'CallEnded');

    expect((await callAs(t, b, authRoutes.logout, {})).status).toBe(200);
    // No 10-second grace: the other side hears at once.
    expect(status((await ended.next()).call, b)).toBe('dropped');
    expect(status((await declined.next()).call, b)).toBe('declined');
    expect(await t.app.calls.liveCall(talking)).toBeNull();
    expect((await events(a, talking)).map((e) => e.type)).toContain('callEnded');
  });

  it('ends a direct screen share for everyone when its sharer’s sockets are gone', async () => {
    const [sharer, b, c] = await Promise.all([caller(t, 'Ned'), caller(t, 'Ona'), caller(t, 'Pat')]);
    const twId = await room(sharer, [b, c]);
    const sharerTab = await openSocket(t, sharer);
    const [bTab, cTab] = await Promise.all([openSocket(t, b), openSocket(t, c)]);
    const init = await emitAck<Ack>(sharerTab, 'CallInitialize', { twId, screenShare: true });
    expect(init.ok && init.call).toMatchObject({ type: 'directScreenShare' });
    expect(init.ok && init.call.participants.find((p) => p.id === sharer.id)).toMatchObject({
      screenShare: true,
      voice: false,
      video: false,
    });
    await emitAck<Ack>(bTab, 'CallAccept', { twId });
    await emitAck<Ack>(cTab, 'CallAccept', { twId });
    const ended = collect<CallEvent>(cTab, 'CallEnded');
    sharerTab.disconnect();
    await settle(400);
    const now = Date.now();
    expect(await t.app.calls.dropDisconnected(now)).not.toContain(twId);
    expect(await t.app.calls.dropDisconnected(now + CALL_LIMITS.dropAfterMs)).toContain(twId);
    const call = (await ended.next()).call;
    expect(call.participants.map((p) => p.status)).toEqual(['dropped', 'dropped', 'dropped']);
    expect((await events(b, twId)).map((e) => e.type)).toEqual([
      'callInit',
      'callAccepted',
      'callAccepted',
      'callLeft',
      'callEnded',
    ]);
  });

  it('mutes the others while someone shares; the sharer unmutes one; the video toggle waits for the share', async () => {
    const [sharer, b, c] = await Promise.all([caller(t, 'Quin'), caller(t, 'Rey'), caller(t, 'Sol')]);
    const twId = await room(sharer, [b, c]);
    const sharerTab = await openSocket(t, sharer);
    const [bTab, cTab] = await Promise.all([openSocket(t, b), openSocket(t, c)]);
    await emitAck<Ack>(sharerTab, 'CallInitialize', { twId, video: true });
    await emitAck<Ack>(bTab, 'CallAccept', { twId });
    await emitAck<Ack>(cTab, 'CallAccept', { twId });
    const heard = collect<CallEvent>(bTab, 'CallUpdated');
    const start = await emitAck<Ack>(sharerTab, 'CallScreenShareStart', { twId, width: 1280, height: 720 });
    expect(start.ok).toBe(true);
    const shared = (await heard.next()).call;
    const voices = (call: TCall) =>
      call.participants.map((p) => [p.id === sharer.id, p.screenShare, p.voiceDuringScreenShare]);
    expect(voices(shared)).toEqual([
      [true, true, true],
      [false, false, false],
      [false, false, false],
    ]);
    expect(await emitAck<Ack>(sharerTab, 'CallVideoToggle', { twId })).toMatchObject({
      ok: false,
      code: CALL_REFUSALS.notAllowed,
    });
    // Only the sharer may unmute (or mute) someone.
    const byOther = { twId, flag: true, action: 'unmute', participantId: c.id };
    expect(await emitAck<Ack>(bTab, 'CallForceVoiceToggle', byOther)).toMatchObject({
      ok: false,
      code: CALL_REFUSALS.notAllowed,
    });
    const unmuted = await emitAck<Ack>(sharerTab, 'CallForceVoiceToggle', byOther);
    expect(unmuted.ok && unmuted.call.participants.find((p) => p.id === c.id)?.voiceDuringScreenShare).toBe(true);
    const muted = await emitAck<Ack>(sharerTab, 'CallForceVoiceToggle', { ...byOther, flag: false, action: 'mute' });
    expect(muted.ok && muted.call.participants.find((p) => p.id === c.id)?.voiceDuringScreenShare).toBe(false);
    const stopped = await emitAck<Ack>(sharerTab, 'CallScreenShareEnd', { twId });
    expect(stopped.ok && stopped.call.participants.every((p) => p.voiceDuringScreenShare && !p.screenShare)).toBe(true);
    expect(stopped.ok && stopped.call.participants.find((p) => p.id === sharer.id)?.video).toBe(true);
    const history = ZMessagesReply.parse((await callAs(t, c, chatRoomRoutes.messages, { body: { twId } })).body).data
      .messages;
    expect(history.map((m) => m.attributes.event?.type).filter((e) => e?.startsWith('screenShare'))).toEqual([
      'screenShareStarted',
      'screenShareStopped',
    ]);
  });

  it('refuses a camera or a shared screen to someone without the video permission, also once it is taken away', async () => {
    const [nurse, voiceOnly] = await Promise.all([caller(t, 'Ula'), caller(t, 'Val', { voice: true, video: false })]);
    const twId = await room(nurse, [voiceOnly]);
    const [nurseTab, voiceTab] = await Promise.all([openSocket(t, nurse), openSocket(t, voiceOnly)]);
    expect((await emitAck<Ack>(nurseTab, 'CallInitialize', { twId, video: true })).ok).toBe(true);
    expect((await emitAck<Ack>(voiceTab, 'CallAccept', { twId, audioOnly: true })).ok).toBe(true);
    const camera = await emitAck<Ack>(voiceTab, 'CallVideoToggle', { twId });
    expect(camera).toMatchObject({ ok: false, code: CALL_REFUSALS.noPermission });
    const screen = await emitAck<Ack>(voiceTab, 'CallScreenShareStart', { twId, width: 1280, height: 720 });
    expect(screen).toMatchObject({ ok: false, code: CALL_REFUSALS.noPermission });
    const live = await t.app.calls.liveCall(twId);
    expect(live?.participants.find((p) => p.id === voiceOnly.id)).toMatchObject({ video: false, screenShare: false });

    // The caller's video permission taken away mid-call: the camera may go off, not on again, nor a screen.
    await t.app.db
      .updateTable('users')
      .set({ permissions: JSON.stringify({ voice: true, video: false }) })
      .where('id', '=', nurse.id)
      .execute();
    const off = await emitAck<Ack>(nurseTab, 'CallVideoToggle', { twId });
    expect(off.ok && off.call.participants.find((p) => p.id === nurse.id)?.video).toBe(false);
    expect(await emitAck<Ack>(nurseTab, 'CallVideoToggle', { twId })).toMatchObject({
      ok: false,
      code: CALL_REFUSALS.noPermission,
    });
    expect(await emitAck<Ack>(nurseTab, 'CallScreenShareStart', { twId })).toMatchObject({
      ok: false,
      code: CALL_REFUSALS.noPermission,
    });
    await emitAck<Ack>(nurseTab, 'CallEndForAll', { twId });
  });

  it('gives a media token to the accepted tab only, bound to that call', async () => {
    const [a, b] = await Promise.all([caller(t, 'Jon'), caller(t, 'Kim')]);
    const twId = await room(a, [b], 'direct');
    const aTabId = crypto.randomUUID();
    await openSocket(t, b);
    const init = await emitAck<Ack>(await openSocket(t, a, aTabId), 'CallInitialize', { twId, video: true });
    const ringing = await callAs(t, b, callRoutes.videoToken, { query: { twId } });
    expect(ringing.status).toBe(409);
    expect(ringing.body.code).toBe(CALL_REFUSALS.notInCall);
    const mine = await callAs(t, a, callRoutes.videoToken, { query: { twId } });
    expect(mine.status).toBe(200);
    // Without JANUS_URL the browsers carry the media to each other.
    expect(mine.body.data.transport).toBe('mesh');
    const claims = await verifyMediaToken(t.config.JWT_SECRET, mine.body.data.jwt);
    expect(claims).toEqual({ sub: a.id, call: init.ok ? init.call.id : '', room: twId, tab: aTabId });
  });

  it('hands TURN credentials coturn can check (use-auth-secret), expiring, with the STUN servers', async () => {
    const secret = 'coturn-shared-secret-for-tests';
    const turned = await createTestApp({
      TURN_URLS: 'stun:127.0.0.1:3478,turn:127.0.0.1:3478?transport=udp',
      TURN_SECRET: secret,
      TURN_TTL_SECONDS: '600',
    });
    try {
      const server = turned;
      await server.listen();
      const { a, twId } = await ringingVoiceCall(server);
      const reply = await callAs(server, a, callRoutes.videoToken, { query: { twId } });
      expect(reply.status).toBe(200);
      const [stun, turnServer] = reply.body.data.iceServers;
      expect(stun).toEqual({ urls: ['stun:127.0.0.1:3478'] });
      const turn = turnServer as { urls: string[]; username: string; credential: string };
      expect(turn.urls).toEqual(['turn:127.0.0.1:3478?transport=udp']);
      const [expiry, user] = turn.username.split(':');
      expect(user).toBe(a.id);
      expect(Number(expiry) - Date.now() / 1000).toBeGreaterThan(590);
      expect(turn.credential).toBe(createHmac('sha1', secret).update(turn.username).digest('base64'));
    } finally {
      await turned.close();
    }
  });
});
