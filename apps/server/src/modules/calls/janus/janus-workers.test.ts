import type { TCall } from '@rounds/contracts/calls';
import { callRoutes } from '@rounds/contracts/calls';
import { chatRoomRoutes, ZChatRoomReply } from '@rounds/contracts/chat';
import { startJanus } from '@rounds/test-kit/janus-server';
import { startRedis } from '@rounds/test-kit/redis';
import type { FastifyBaseLogger } from 'fastify';
import type { Socket } from 'socket.io-client';
import { describe, expect, it } from 'vitest';
import { callAs, caller, collect, emitAck, type Member, openSocket } from '../../../../test/support/chat';
import { janusPeer } from '../../../../test/support/janus-peer';
import { createTestApp, type TestApp } from '../../../../test/support/test-app';
import { loadConfig } from '../../../config';
import { createJanusClient } from './janus-client';
import { janusFeedId, janusRoomId } from './janus-media';

/**
 * Janus calls across server processes (WORKERS): two apps on one PostgreSQL schema and one Redis, as
 * scale-out.test.ts runs them, and one Janus. The caller's tab sits on one process, the callee's on the
 * other; each publishes real media (a Janus stand-in for the browser: test/support/janus-peer.ts) through its own
 * process with a media token fetched from the other one, hears of both feeds, subscribes to the other's and
 * receives its packets. The room is made once, each process holds the session of its own tab only, a tab that
 * comes back through the other process takes its feed over there, and when the call ends on one process the
 * room is destroyed and the other lets go of its sessions too.
 */
const onPostgres = !!process.env.DATABASE_URL;
const silent = { warn: () => undefined } as unknown as FastifyBaseLogger;

type Ack = { ok: true; call: TCall } | { ok: false; code: string; message: string };
type SdpAck = { ok: true; sdp: string } | { ok: false; code: string; message: string };
type TFeeds = { twId: string; feeds: { userId: string; tabId: string }[] };

describe('Janus with several server processes', () => {
  // Whichever engine this pass runs on: several processes need PostgreSQL, with Janus as without it.
  it('refuses more than one worker on the embedded database', () => {
    expect(() =>
      loadConfig({ WORKERS: '2', DATABASE_URL: '', JANUS_URL: 'ws://127.0.0.1:8188', REDIS_URL: 'redis://x' }),
    ).toThrow(
      'Invalid environment variable WORKERS: 2 processes need DATABASE_URL (PostgreSQL) and REDIS_URL; the embedded database serves one process',
    );
  });

  // Two processes on one database belong to the PostgreSQL pass of .ci/run (as in realtime/workers.test.ts).
  if (onPostgres)
    it('carries a call whose participants sit on two processes, and destroys its room once it ends', async () => {
      const [redis, janus] = await Promise.all([startRedis(), startJanus({ streaming: true })]);
      const env = { REDIS_URL: redis.url, JANUS_URL: janus.url, LOG_LEVEL: 'warn' };
      const apps: TestApp[] = [];
      const peers: Awaited<ReturnType<typeof janusPeer>>[] = [];
      const probeClient = createJanusClient(janus.url, silent);
      try {
        const first = await createTestApp(env);
        apps.push(first);
        const second = await createTestApp({ ...env, DATA_DIR: first.config.DATA_DIR }, { schema: first.schema });
        apps.push(second);
        await Promise.all([first.listen(), second.listen()]);
        const probe = await (await probeClient.createSession()).attach('janus.plugin.videoroom');

        const [a, b] = [await caller(first, 'Ada'), await caller(first, 'Ben')];
        const twId = ZChatRoomReply.parse(
          (await callAs(first, a, chatRoomRoutes.create, { body: { type: 'direct', participants: [b.id] } })).body,
        ).data.chatRoom.id;
        // Ada's tab on the first process, Ben's on the second.
        const [tabA, tabB] = [crypto.randomUUID(), crypto.randomUUID()];
        const sa: Socket = await openSocket(first, a, tabA);
        const sb: Socket = await openSocket(second, b, tabB);
        const feedsA = collect<TFeeds>(sa, 'CallFeeds');
        const feedsB = collect<TFeeds>(sb, 'CallFeeds');
        const init = await emitAck<Ack>(sa, 'CallInitialize', { twId, video: true });
        expect(init.ok, JSON.stringify(init)).toBe(true);
        const accepted = await emitAck<Ack>(sb, 'CallAccept', { twId });
        expect(accepted.ok, JSON.stringify(accepted)).toBe(true);
        const call = init.ok ? init.call : (null as never);
        expect(call.transport).toBe('janus');

        // Each tab's media token comes from the other process: any process admits it.
        const tokenOf = async (t: TestApp, m: Member) => {
          const reply = await callAs(t, m, callRoutes.videoToken, { query: { twId } });
          expect(reply.status).toBe(200);
          expect(reply.body.data.transport).toBe('janus');
          return reply.body.data.jwt as string;
        };
        const [ja, jb] = [await tokenOf(second, a), await tokenOf(first, b)];

        // Both publish at once, each through its own process: the room is made once, whoever comes first, and
        // both feeds end up in it (below).
        const [pa, pb] = [await janusPeer(janus.url), await janusPeer(janus.url)];
        peers.push(pa, pb);
        const publish = async (socket: Socket, jwt: string, peer: typeof pa) => {
          const ack = await emitAck<SdpAck>(socket, 'CallMediaPublish', { twId, jwt, sdp: await peer.offer() });
          expect(ack.ok, JSON.stringify(ack)).toBe(true);
          await peer.answered(ack.ok ? ack.sdp : '');
        };
        await Promise.all([publish(sa, ja, pa), publish(sb, jb, pb)]);
        expect([first.app.callMedia!.heldTabs(), second.app.callMedia!.heldTabs()]).toEqual([1, 1]);

        // Each tab hears that both publish, from Janus's own list of the room.
        const both = [
          { userId: a.id, tabId: tabA },
          { userId: b.id, tabId: tabB },
        ].sort((x, y) => x.userId.localeCompare(y.userId));
        const bothPublish = (m: TFeeds) => m.twId === twId && m.feeds.length === 2;
        for (const heard of [feedsA, feedsB]) {
          const m = await heard.next(bothPublish);
          expect([...m.feeds].sort((x, y) => x.userId.localeCompare(y.userId))).toEqual(both);
        }
        const listed = (await probe.message({ request: 'listparticipants', room: janusRoomId(call.id) })).data
          .participants as { id: number; publisher: boolean }[];
        expect(listed.filter((p) => p.publisher).map((p) => p.id)).toEqual(
          expect.arrayContaining([janusFeedId(both[0]!), janusFeedId(both[1]!)]),
        );
        expect(listed).toHaveLength(2);

        // Each subscribes to the other through its own process and receives the other's packets.
        const subscribe = async (
          socket: Socket,
          jwt: string,
          peer: typeof pa,
          feed: { userId: string; tabId: string },
        ) => {
          const offer = await emitAck<SdpAck>(socket, 'CallMediaSubscribe', { twId, jwt, feed });
          expect(offer.ok, JSON.stringify(offer)).toBe(true);
          const answer = await peer.receive(offer.ok ? offer.sdp : '');
          expect(await emitAck(socket, 'CallMediaStart', { twId, jwt, feed, sdp: answer })).toEqual({ ok: true });
        };
        await subscribe(sa, ja, pa, { userId: b.id, tabId: tabB });
        await subscribe(sb, jb, pb, { userId: a.id, tabId: tabA });
        await expect.poll(() => pa.packetsFrom(pb), { timeout: 20_000 }).toBeGreaterThan(20);
        await expect.poll(() => pb.packetsFrom(pa), { timeout: 20_000 }).toBeGreaterThan(20);
        // Nobody receives their own stream back.
        expect([pa.packetsFrom(pa), pb.packetsFrom(pb)]).toEqual([0, 0]);

        // Ben's tab comes back through the first process (a reload that landed on the other worker): its feed
        // is taken over there (Janus kicks the old one), and the second process lets go of the old session.
        const heardBefore = feedsA.seen.length;
        const sbAgain = await openSocket(first, b, tabB);
        const pbAgain = await janusPeer(janus.url);
        peers.push(pbAgain);
        await publish(sbAgain, jb, pbAgain);
        await expect.poll(() => second.app.callMedia!.heldTabs(), { timeout: 5_000 }).toBe(0);
        expect(first.app.callMedia!.heldTabs()).toBe(2);
        // Ada subscribes again once Janus lists the new feed as publishing (her subscription went with the old
        // one; the browser does so on the CallFeeds that follows) and receives Ben's new stream.
        const publishing = async () =>
          (
            (await probe.message({ request: 'listparticipants', room: janusRoomId(call.id) })).data.participants as {
              id: number;
              publisher: boolean;
            }[]
          ).filter((p) => p.publisher).length;
        await expect.poll(publishing, { timeout: 10_000 }).toBe(2);
        // Ada's tab heard Ben's feed go, then come back (the browser drops its subscription, then makes anew).
        const since = () => feedsA.seen.slice(heardBefore);
        const goneAt = () => since().findIndex((m) => m.feeds.every((f) => f.userId !== b.id));
        await expect
          .poll(
            () =>
              goneAt() >= 0 &&
              since()
                .slice(goneAt() + 1)
                .some(bothPublish),
            { timeout: 10_000 },
          )
          .toBe(true);
        await subscribe(sa, ja, pa, { userId: b.id, tabId: tabB });
        await expect.poll(() => pa.packetsFrom(pbAgain), { timeout: 20_000 }).toBeGreaterThan(20);

        // Ben leaves through his connection to the second process, which ends the call of two there; that
        // process holds none of its sessions now. The room goes, and the first process lets go of both
        // sessions on Janus's word.
        const ended = await emitAck<Ack>(sb, 'CallEnd', { twId });
        expect(ended.ok, JSON.stringify(ended)).toBe(true);
        expect(ended.ok && ended.call.status).toBe('ended');
        const exists = async () =>
          (await probe.message({ request: 'exists', room: janusRoomId(call.id) })).data.exists === true;
        await expect.poll(exists, { timeout: 5_000 }).toBe(false);
        await expect.poll(() => second.app.callMedia!.heldTabs(), { timeout: 5_000 }).toBe(0);
        await expect.poll(() => first.app.callMedia!.heldTabs(), { timeout: 5_000 }).toBe(0);
        for (const s of [sa, sb, sbAgain]) s.disconnect();
      } finally {
        for (const p of peers) await p.close().catch(() => undefined);
        probeClient.close();
        if (apps[1]) await apps[1].close({ keepData: true });
        if (apps[0]) await apps[0].close();
        await Promise.all([redis.stop(), janus.stop()]);
      }
    }, 90_000);
});
