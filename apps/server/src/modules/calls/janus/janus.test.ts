import { CALL_REFUSALS, callRoutes, type TCall } from '@rounds/contracts/calls';
import { type JanusServer, startJanus } from '@rounds/test-kit/janus-server';
import { freePort } from '@rounds/test-kit/server-process';
import type { FastifyBaseLogger } from 'fastify';
import type { Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callAs, caller, collect, emitAck, type Member, openSocket, settle } from '../../../../test/support/chat';
import { conversations } from '../../../../test/support/conversations';
import { fakeOffer } from '../../../../test/support/sdp-offer';
import { createTestApp, type TestApp } from '../../../../test/support/test-app';
import { createJanusClient, type JanusHandle, type JanusSession } from './janus-client';
import { janusRoomId } from './janus-media';

/**
 * Calls through a real Janus (Debian's package, spawned on loopback for this file): the server creates the
 * call's VideoRoom room, publishes and subscribes for accepted tabs only, tells the call who publishes, and
 * lets go of everything when tabs leave and the call ends.
 */
let janus: JanusServer;
let t: TestApp;
/** A Janus session of the test's own, to look at the rooms the server made. */
let probe: { session: JanusSession; handle: JanusHandle; close: () => void };
const silent = { warn: () => undefined } as unknown as FastifyBaseLogger;

beforeAll(async () => {
  janus = await startJanus();
  t = await createTestApp({ JANUS_URL: janus.url });
  await t.listen();
  const client = createJanusClient(janus.url, silent);
  const session = await client.createSession();
  probe = { session, handle: await session.attach('janus.plugin.videoroom'), close: client.close };
}, 60_000);
afterAll(async () => {
  probe?.close();
  await t?.close();
  await janus?.stop();
});

type Ack = { ok: true; call: TCall } | { ok: false; code: string; message: string };
type SdpAck = { ok: true; sdp: string } | { ok: false; code: string; message: string };
type Tab = { m: Member; tabId: string; socket: Socket };

const { group } = conversations(() => t);
const groupOf = async (owner: Member, others: Member[]) => (await group(owner, others)).id;
const tab = async (m: Member): Promise<Tab> => {
  const tabId = crypto.randomUUID();
  return { m, tabId, socket: await openSocket(t, m, tabId) };
};
const tokenOf = async (m: Member, twId: string): Promise<string> => {
  const reply = await callAs(t, m, callRoutes.videoToken, { query: { twId } });
  expect(reply.status).toBe(200);
  return reply.body.data.jwt;
};
const roomExists = async (call: TCall) =>
  (await probe.handle.message({ request: 'exists', room: janusRoomId(call.id) })).data.exists === true;

/** A started video call: the first tab called, the others accepted. */
async function startedCall(people: Member[]): Promise<{ twId: string; call: TCall; tabs: Tab[] }> {
  const twId = await groupOf(people[0]!, people.slice(1));
  const tabs = await Promise.all(people.map(tab));
  const init = await emitAck<Ack>(tabs[0]!.socket, 'CallInitialize', { twId, video: true });
  expect(init.ok).toBe(true);
  let call = init.ok ? init.call : (null as never);
  for (const x of tabs.slice(1)) {
    const accepted = await emitAck<Ack>(x.socket, 'CallAccept', { twId });
    expect(accepted.ok).toBe(true);
    if (accepted.ok) call = accepted.call;
  }
  return { twId, call, tabs };
}

const feedOf = (x: Tab) => ({ userId: x.m.id, tabId: x.tabId });

describe('calls through Janus', () => {
  it('says so in the media token and holds up to 50 people (the mesh stops at 4)', async () => {
    const people = await Promise.all(['Ada', 'Ben', 'Cy', 'Dee', 'Eve', 'Fox'].map((n) => caller(t, n)));
    const { twId, call, tabs } = await startedCall(people.slice(0, 6));
    expect(call.transport).toBe('janus');
    expect(call.participants.filter((p) => p.status === 'accepted')).toHaveLength(6);
    const reply = await callAs(t, people[0]!, callRoutes.videoToken, { query: { twId } });
    expect(reply.body.data.transport).toBe('janus');
    await emitAck(tabs[0]!.socket, 'CallEndForAll', { twId });
  });

  it('creates the room on the first publish, answers offers, tells the call its feeds, destroys the room at the end', async () => {
    const [a, b, c] = await Promise.all([caller(t, 'Gus'), caller(t, 'Hana'), caller(t, 'Ivo')]);
    const { twId, call, tabs } = await startedCall([a, b, c]);
    const [ta, tb, tc] = tabs as [Tab, Tab, Tab];
    const [ja, jb] = [await tokenOf(a, twId), await tokenOf(b, twId)];
    expect(await roomExists(call)).toBe(false);

    const feeds = collect<{ twId: string; feeds: { userId: string; tabId: string }[] }>(tc.socket, 'CallFeeds');
    const published = await emitAck<SdpAck>(ta.socket, 'CallMediaPublish', { twId, jwt: ja, sdp: fakeOffer() });
    expect(published.ok, JSON.stringify(published)).toBe(true);
    expect(published.ok && published.sdp).toMatch(/^v=0/);
    expect(published.ok && published.sdp).toContain('a=recvonly');
    expect(await roomExists(call)).toBe(true);
    const trickled = await emitAck(ta.socket, 'CallMediaTrickle', {
      twId,
      jwt: ja,
      target: 'publisher',
      candidate: { candidate: 'candidate:1 1 udp 2122260223 127.0.0.1 50000 typ host', sdpMid: '0', sdpMLineIndex: 0 },
    });
    expect(trickled).toEqual({ ok: true });
    expect(
      await emitAck(ta.socket, 'CallMediaTrickle', { twId, jwt: ja, target: 'publisher', candidate: null }),
    ).toEqual({ ok: true });

    // B publishes too. A fake offer never brings media up, so Janus lists no active publisher and a
    // subscription to B is refused clearly (the journey proves subscriptions and feeds with real media).
    expect((await emitAck<SdpAck>(tb.socket, 'CallMediaPublish', { twId, jwt: jb, sdp: fakeOffer() })).ok).toBe(true);
    const offer = await emitAck<SdpAck>(ta.socket, 'CallMediaSubscribe', { twId, jwt: ja, feed: feedOf(tb) });
    expect(offer).toMatchObject({ ok: false, code: CALL_REFUSALS.mediaFailed });
    expect(await t.app.callMedia!.feedsOf(call.id)).toEqual([]);

    // B leaves: its session goes; the call goes on with A and C.
    expect(t.app.callMedia!.heldTabs()).toBe(2);
    await emitAck(tb.socket, 'CallEnd', { twId });
    await expect.poll(() => t.app.callMedia!.heldTabs(), { timeout: 5_000 }).toBe(1);
    expect(await roomExists(call)).toBe(true);
    // A publisher left: the call's accepted tabs hear the feeds Janus lists now.
    expect(await feeds.next()).toEqual({ twId, feeds: [] });

    await emitAck(ta.socket, 'CallEndForAll', { twId });
    await expect.poll(() => roomExists(call), { timeout: 5_000 }).toBe(false);
    await expect.poll(() => t.app.callMedia!.heldTabs(), { timeout: 5_000 }).toBe(0);
  });

  it('admits a media event only with the tab’s own token for this call, from an accepted tab', async () => {
    const [a, b, outsider] = await Promise.all([caller(t, 'Jo'), caller(t, 'Kai'), caller(t, 'Lou')]);
    const { twId, tabs } = await startedCall([a, b]);
    const [ta, tb] = tabs as [Tab, Tab];
    const jwt = await tokenOf(a, twId);
    const other = await startedCall(await Promise.all([caller(t, 'Mo'), caller(t, 'Ned')]));
    const otherJwt = await tokenOf(other.tabs[0]!.m, other.twId);
    const secondTabOfA = await tab(a);
    const outsiderTab = await tab(outsider);
    const payloads = (token: string | undefined) => ({
      CallMediaPublish: { twId, jwt: token, sdp: fakeOffer() },
      CallMediaSubscribe: { twId, jwt: token, feed: feedOf(tb) },
      CallMediaStart: { twId, jwt: token, feed: feedOf(tb), sdp: fakeOffer() },
      CallMediaTrickle: { twId, jwt: token, target: 'publisher', candidate: null },
    });
    const roomGone = await emitAck<SdpAck>(ta.socket, 'SendMessage', {
      clientId: crypto.randomUUID(),
      twId: crypto.randomUUID().replaceAll('-', '').slice(0, 24),
      body: 'x',
    });
    for (const [event, payload] of Object.entries(payloads(undefined))) {
      const ack = await emitAck<SdpAck>(ta.socket, event, { ...payload, jwt: undefined });
      expect(ack, `${event} without a token`).toMatchObject({ ok: false, code: 'VALIDATION_ERROR' });
    }
    const cases: [string, Socket, string][] = [
      ['another call’s token', ta.socket, otherJwt],
      ['another tab of the same person', secondTabOfA.socket, jwt],
      ['someone not in the room', outsiderTab.socket, jwt],
      ['a forged token', ta.socket, `${jwt.slice(0, -4)}AAAA`],
    ];
    for (const [why, socket, token] of cases) {
      for (const [event, payload] of Object.entries(payloads(token))) {
        const ack = await emitAck<SdpAck>(socket, event, payload);
        expect(ack.ok, `${event}: ${why}`).toBe(false);
        expect(!ack.ok && ack.message, `${event}: ${why}`).toBe(!roomGone.ok ? roomGone.message : '');
      }
    }
    // After leaving, the tab's own token admits nothing.
    await emitAck(ta.socket, 'CallEnd', { twId });
    const after = await emitAck<SdpAck>(ta.socket, 'CallMediaPublish', payloads(jwt).CallMediaPublish);
    expect(after.ok).toBe(false);
    // A feed that is not an accepted tab of the call is refused by name.
    const c = await startedCall(await Promise.all([caller(t, 'Ole'), caller(t, 'Pia')]));
    const cj = await tokenOf(c.tabs[0]!.m, c.twId);
    const stranger = await emitAck<SdpAck>(c.tabs[0]!.socket, 'CallMediaSubscribe', {
      twId: c.twId,
      jwt: cj,
      feed: feedOf(tb),
    });
    expect(stranger).toMatchObject({ ok: false, code: CALL_REFUSALS.notInCall });
    // Subscribing to a tab that has not published yet: Janus says no, the tab hears a clear refusal.
    const early = await emitAck<SdpAck>(c.tabs[0]!.socket, 'CallMediaSubscribe', {
      twId: c.twId,
      jwt: cj,
      feed: feedOf(c.tabs[1]!),
    });
    expect(early).toMatchObject({ ok: false, code: CALL_REFUSALS.mediaFailed });
    await emitAck(c.tabs[0]!.socket, 'CallEndForAll', { twId: c.twId });
    await emitAck(other.tabs[0]!.socket, 'CallEndForAll', { twId: other.twId });
  });

  it('configures the publisher from the permissions: without video, Janus takes no video from the tab', async () => {
    const [a, b] = await Promise.all([caller(t, 'Kit'), caller(t, 'Lev', { voice: true, video: false })]);
    const twId = await groupOf(a, [b]);
    const [ta, tb] = await Promise.all([tab(a), tab(b)]);
    expect((await emitAck<Ack>(ta.socket, 'CallInitialize', { twId, video: true })).ok).toBe(true);
    expect((await emitAck<Ack>(tb.socket, 'CallAccept', { twId, audioOnly: true })).ok).toBe(true);
    const videoLine = (sdp: string) => sdp.split('m=').find((m) => m.startsWith('video'));
    const publish = async (x: Tab, renegotiate = false) => {
      const ack = await emitAck<SdpAck>(x.socket, 'CallMediaPublish', {
        twId,
        jwt: await tokenOf(x.m, twId),
        sdp: fakeOffer(),
        renegotiate,
      });
      expect(ack.ok, JSON.stringify(ack)).toBe(true);
      return videoLine(ack.ok ? ack.sdp : '');
    };
    // Kit may send video: Janus receives it. Lev may not: Janus answers his video inactive, now and on renegotiation.
    expect(await publish(ta)).toContain('a=recvonly');
    expect(await publish(tb)).toContain('a=inactive');
    expect(await publish(tb, true)).toContain('a=inactive');
    // Kit's video permission taken away: his next offer sends no video either.
    await t.app.db
      .updateTable('users')
      .set({ permissions: JSON.stringify({ voice: true, video: false }) })
      .where('id', '=', a.id)
      .execute();
    expect(await publish(ta, true)).toContain('a=inactive');
    await emitAck(ta.socket, 'CallEndForAll', { twId });
  });

  it('refuses with a code, and stays up, when Janus cannot be reached', async () => {
    const down = await createTestApp({ JANUS_URL: `ws://127.0.0.1:${await freePort()}` });
    try {
      await down.listen();
      const [a, b] = await Promise.all([caller(down, 'Quin'), caller(down, 'Rae')]);
      const twId = (await conversations(() => down).direct(a, b)).id;
      const tabId = crypto.randomUUID();
      const socket = await openSocket(down, a, tabId);
      await openSocket(down, b);
      expect((await emitAck<Ack>(socket, 'CallInitialize', { twId })).ok).toBe(true);
      const jwt = (await callAs(down, a, callRoutes.videoToken, { query: { twId } })).body.data.jwt;
      const ack = await emitAck<SdpAck>(socket, 'CallMediaPublish', { twId, jwt, sdp: fakeOffer() });
      expect(ack).toMatchObject({ ok: false, code: CALL_REFUSALS.mediaUnavailable });
      expect(!ack.ok && ack.message).toBe('The media server cannot be reached right now. Try again in a moment.');
      await settle();
      expect((await callAs(down, a, callRoutes.live, {})).status).toBe(200);
    } finally {
      await down.close();
    }
  });
});
