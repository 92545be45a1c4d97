import { createHash, createHmac } from 'node:crypto';
import { acceptedTabs, type TCall, type TMediaFeed } from '@rounds/contracts/calls';
import { SERVER_EVENTS } from '@rounds/contracts/events';
import type { FastifyBaseLogger } from 'fastify';
import type { Publish } from '../../../realtime/publish';
import { createJanusClient, type JanusClient, type JanusHandle, type JanusSession, type TJsep } from './janus-client';

const VIDEOROOM = 'janus.plugin.videoroom';
/** How often held sessions are checked against the call rows (a tab may have left through another process). */
const SWEEP_MS = 15_000;
/** Feed changes within this window make one CallFeeds. */
const ANNOUNCE_MS = 150;

/**
 * The offer with every video section made inactive: Janus (1.x ignores the old `video: false` of a publisher)
 * then answers inactive and neither takes nor relays any video of that tab, camera or screen. The browser's
 * own offer is not to be trusted for it: a tab can offer whatever it likes.
 */
export function withoutVideo(sdp: string): string {
  const [head, ...sections] = sdp.split(/\r\n(?=m=)/);
  return [
    head,
    ...sections.map((m) =>
      m.startsWith('m=video')
        ? m
            .replace(/\r\na=(sendrecv|sendonly|recvonly|inactive)(?=\r\n|$)/g, '')
            .replace(/(\r\n)?$/, (end) => `\r\na=inactive${end}`)
        : m,
    ),
  ].join('\r\n');
}

/** One accepted tab's hold on the call's Janus room: its own session, a publisher and a subscriber per feed. */
type TTabMedia = {
  key: string;
  twId: string;
  callId: string;
  userId: string;
  tabId: string;
  session: JanusSession;
  publisher: JanusHandle | null;
  joined: boolean;
  subscribers: Map<string, JanusHandle>;
};

type TWho = { userId: string; tabId: string };

const feedKey = (f: TMediaFeed) => `${f.userId}|${f.tabId}`;
/** A Janus id (room, publisher) from a name: 48 bits of its hash, well inside JSON's safe integers. */
const numericId = (name: string) => Number.parseInt(createHash('sha256').update(name).digest('hex').slice(0, 12), 16);
export const janusRoomId = (callId: string) => numericId(`room:${callId}`);
export const janusFeedId = (f: TMediaFeed) => numericId(`feed:${feedKey(f)}`);

/**
 * The calls' Janus rooms, driven from the server (docs/decisions.md "Janus, driven from the server"): a room per
 * call, created on the first media join and destroyed when the call ends; per accepted tab one Janus session
 * with a publisher handle and a subscriber handle per feed it watches, let go when the tab leaves. The browser
 * hands SDP and ICE to this server over the socket; it never reaches Janus.
 */
export type JanusMediaDeps = {
  url: string;
  /** Each call's Janus room secret is derived from it. */
  jwtSecret: string;
  publish: Publish;
  /** The room's live call (calls.service, built after this one: reached when called). */
  liveCall: (twId: string) => Promise<TCall | null>;
  log: FastifyBaseLogger;
};

export function createJanusMedia(deps: JanusMediaDeps) {
  const { liveCall, log } = deps;
  const client: JanusClient = createJanusClient(deps.url, log);
  const tabs = new Map<string, TTabMedia>();
  /** Room-level requests (create, destroy, listparticipants, kick) go through one handle of one session. */
  let admin: Promise<{ session: JanusSession; handle: JanusHandle }> | null = null;
  /** Steps of one tab run one after the other (a trickle never overtakes the publish that makes its handle). */
  const queues = new Map<string, Promise<unknown>>();

  const tabKey = (twId: string, who: TWho) => `${twId}|${who.userId}|${who.tabId}`;
  const secretOf = (callId: string) =>
    createHmac('sha256', deps.jwtSecret).update(`janus-room:${callId}`).digest('hex');

  const serial = <T>(key: string, step: () => Promise<T>): Promise<T> => {
    const run = (queues.get(key) ?? Promise.resolve()).catch(() => undefined).then(step);
    const tail = run.catch(() => undefined);
    queues.set(key, tail);
    void tail.then(() => {
      if (queues.get(key) === tail) queues.delete(key);
    });
    return run;
  };

  const adminHandle = async () => {
    if (admin) {
      const held = await admin.catch(() => null);
      if (held && !held.session.gone()) return held.handle;
    }
    admin = (async () => {
      const session = await client.createSession();
      return { session, handle: await session.attach(VIDEOROOM) };
    })();
    admin.catch(() => {
      admin = null;
    });
    return (await admin).handle;
  };

  const ensureRoom = async (call: TCall) => {
    const handle = await adminHandle();
    await handle
      .message({
        request: 'create',
        room: janusRoomId(call.id),
        secret: secretOf(call.id),
        description: `call ${call.id}`,
        is_private: true,
        publishers: 50,
        audiocodec: 'opus',
        videocodec: 'vp8',
        permanent: false,
      })
      .catch((error: unknown) => {
        // 427: the room exists already (another tab, or another process, made it first).
        if ((error as { code?: number }).code !== 427) throw error;
      });
  };

  /** The publishing feeds of the call's room, as Janus knows them (so every process agrees). */
  const feedsOf = async (callId: string): Promise<TMediaFeed[]> => {
    const handle = await adminHandle();
    const reply = await handle.message({ request: 'listparticipants', room: janusRoomId(callId) }).catch((error) => {
      if ((error as { code?: number }).code === 426) return { data: { participants: [] } };
      throw error;
    });
    const participants = (reply.data.participants ?? []) as { display?: string; publisher?: boolean }[];
    return participants.flatMap((p) => {
      if (!p.publisher || !p.display) return [];
      const at = p.display.indexOf('|');
      return at > 0 ? [{ userId: p.display.slice(0, at), tabId: p.display.slice(at + 1) }] : [];
    });
  };

  /** Tells the call's accepted tabs who publishes now (after a publisher's media is up, or it left). */
  const announceFeeds = async (twId: string) => {
    const call = await liveCall(twId);
    if (call?.transport !== 'janus') return;
    const feeds = await feedsOf(call.id);
    const audience = acceptedTabs(call);
    if (audience.length > 0) deps.publish(SERVER_EVENTS.CallFeeds, { twId, feeds }, { tabs: audience });
  };
  /**
   * Announcements of one call come together: Janus tells every publisher in the room of a new or gone feed,
   * so one change reaches this process once per tab it holds there; they make one CallFeeds.
   */
  const pendingAnnounce = new Set<string>();
  let closed = false;
  const announceLater = (twId: string) => {
    if (pendingAnnounce.has(twId)) return;
    pendingAnnounce.add(twId);
    setTimeout(() => {
      pendingAnnounce.delete(twId);
      // The app is closing (its database with it): nothing to tell any more.
      if (closed) return;
      void announceFeeds(twId).catch((err: unknown) => log.warn({ err, twId }, 'janus feeds not announced'));
    }, ANNOUNCE_MS).unref();
  };

  /**
   * A tab publishes again (a reload; a new peer connection): its old feed left the room and the new one has the
   * same name, so the call hears that now, before the new one joins. Left to announceLater, the two changes
   * could fall in one window, and the others would never learn that their subscriptions to the old feed died.
   */
  const announceGone = (twId: string) =>
    announceFeeds(twId).catch((err: unknown) => log.warn({ err, twId }, 'janus feeds not announced'));

  const release = async (tab: TTabMedia) => {
    if (tabs.get(tab.key) === tab) tabs.delete(tab.key);
    for (const h of tab.subscribers.values()) await h.detach();
    tab.subscribers.clear();
    if (tab.publisher) await tab.publisher.detach();
    await tab.session.destroy();
    if (tab.joined) announceLater(tab.twId);
  };

  const openTab = async (call: TCall, who: TWho): Promise<TTabMedia> => {
    const session = await client.createSession();
    const tab: TTabMedia = {
      key: tabKey(call.twId, who),
      twId: call.twId,
      callId: call.id,
      ...who,
      session,
      publisher: null,
      joined: false,
      subscribers: new Map(),
    };
    tabs.set(tab.key, tab);
    return tab;
  };

  const requireTab = (twId: string, who: TWho): TTabMedia => {
    const tab = tabs.get(tabKey(twId, who));
    if (!tab) throw Object.assign(new Error('publish first'), { code: 'NO_MEDIA' });
    return tab;
  };

  /** A publisher handle of the tab's session, listening for what Janus tells the room's publishers. */
  const attachPublisher = async (tab: TTabMedia, call: TCall): Promise<JanusHandle> => {
    const handle = await tab.session.attach(VIDEOROOM);
    handle.onEvent((event) => {
      // This publisher's media is up or gone, or Janus tells the room's publishers of another feed that
      // became active or left (the core's webrtcup may come before the room lists the new feed as
      // active; the room's own notice comes after): everyone in the call learns the set of feeds.
      const data = event.data ?? {};
      const roomChange = 'publishers' in data || 'unpublished' in data || 'leaving' in data;
      if (event.janus === 'webrtcup' || event.janus === 'hangup' || roomChange) announceLater(call.twId);
      // The room is gone (the call ended, possibly on another process, which destroyed it), or this feed
      // was kicked out of it (the same tab published again through another process: a reload that landed
      // on another worker): let go of this tab's session now rather than at the next sweep.
      const over = data.videoroom === 'destroyed' || data.leaving === 'ok';
      if (over && tabs.get(tab.key) === tab) {
        void serial(tab.key, () => (tabs.get(tab.key) === tab ? release(tab) : Promise.resolve()));
      }
    });
    return handle;
  };

  const joinAsPublisher = async (
    tab: TTabMedia,
    call: TCall,
    offer: TJsep,
    video: boolean,
  ): Promise<TJsep | undefined> => {
    const body = {
      request: 'joinandconfigure',
      ptype: 'publisher',
      room: janusRoomId(call.id),
      id: janusFeedId(tab),
      display: feedKey(tab),
      audio: true,
      video,
    };
    try {
      return (await tab.publisher!.message(body, offer)).jsep;
    } catch (error) {
      // 436: this tab's feed is still in the room (a reloaded tab, or a session another process held): kick it.
      if ((error as { code?: number }).code !== 436) throw error;
      await (await adminHandle())
        .message({ request: 'kick', room: janusRoomId(call.id), secret: secretOf(call.id), id: janusFeedId(tab) })
        .catch(() => undefined);
      await announceGone(call.twId);
      // The refused handle has taken the offer's ICE already (Janus would answer "Error setting ICE locally"
      // to the same offer again): join again on a fresh handle.
      await tab.publisher!.detach();
      tab.publisher = await attachPublisher(tab, call);
      return (await tab.publisher.message(body, offer)).jsep;
    }
  };

  /**
   * The tab's publisher offer: a fresh join (a new peer connection) or a renegotiation of the same one. `video`:
   * whether the user may send video (their video permission, read for each offer): without it Janus relays
   * none of the camera or screen this tab offers.
   */
  const publish = (call: TCall, who: TWho, sdp: string, renegotiate: boolean, video: boolean): Promise<string> =>
    serial(tabKey(call.twId, who), async () => {
      const offer: TJsep = { type: 'offer', sdp: video ? sdp : withoutVideo(sdp) };
      const held = tabs.get(tabKey(call.twId, who));
      if (held?.joined && renegotiate && !held.session.gone()) {
        const reply = await held.publisher!.message({ request: 'configure', audio: true, video }, offer);
        return reply.jsep?.sdp ?? '';
      }
      if (held) {
        await release(held);
        if (held.joined) await announceGone(call.twId);
      }
      await ensureRoom(call);
      const tab = await openTab(call, who);
      try {
        tab.publisher = await attachPublisher(tab, call);
        const answer = await joinAsPublisher(tab, call, offer, video);
        tab.joined = true;
        return answer?.sdp ?? '';
      } catch (error) {
        await release(tab);
        throw error;
      }
    });

  const subscribe = (call: TCall, who: TWho, feed: TMediaFeed): Promise<string> =>
    serial(tabKey(call.twId, who), async () => {
      const tab = requireTab(call.twId, who);
      const key = feedKey(feed);
      const old = tab.subscribers.get(key);
      if (old) {
        tab.subscribers.delete(key);
        await old.detach();
      }
      const handle = await tab.session.attach(VIDEOROOM);
      tab.subscribers.set(key, handle);
      handle.onEvent((event) => {
        // The feed's publisher left: Janus hangs this subscription up; let go of its handle.
        if (event.janus === 'hangup' && tab.subscribers.get(key) === handle) {
          tab.subscribers.delete(key);
          void handle.detach();
        }
      });
      try {
        const reply = await handle.message({
          request: 'join',
          ptype: 'subscriber',
          room: janusRoomId(call.id),
          streams: [{ feed: janusFeedId(feed) }],
        });
        if (!reply.jsep) throw Object.assign(new Error('no offer for the feed'), { code: 0 });
        return reply.jsep.sdp;
      } catch (error) {
        tab.subscribers.delete(key);
        await handle.detach();
        throw error;
      }
    });

  const start = (call: TCall, who: TWho, feed: TMediaFeed, sdp: string): Promise<void> =>
    serial(tabKey(call.twId, who), async () => {
      const handle = requireTab(call.twId, who).subscribers.get(feedKey(feed));
      if (!handle) throw Object.assign(new Error('subscribe first'), { code: 'NO_MEDIA' });
      await handle.message({ request: 'start' }, { type: 'answer', sdp });
    });

  const trickle = (
    call: TCall,
    who: TWho,
    target: 'publisher' | TMediaFeed,
    candidate: Record<string, unknown> | null,
  ): Promise<void> =>
    serial(tabKey(call.twId, who), async () => {
      const tab = requireTab(call.twId, who);
      const handle = target === 'publisher' ? tab.publisher : tab.subscribers.get(feedKey(target));
      if (!handle) throw Object.assign(new Error('no such handle'), { code: 'NO_MEDIA' });
      await handle.trickle(candidate);
    });

  const destroyRoom = async (callId: string) => {
    const handle = await adminHandle();
    await handle
      .message({ request: 'destroy', room: janusRoomId(callId), secret: secretOf(callId) })
      .catch((error: unknown) => {
        if ((error as { code?: number }).code !== 426) throw error;
      });
  };

  /**
   * Every new state of a call this process wrote: tabs no longer accepted let go of their sessions; an ended
   * call's room is destroyed. Fire and forget: the call's own transition never waits on Janus.
   */
  const follow = (call: TCall) => {
    void (async () => {
      const keep = new Set(call.status === 'ended' ? [] : acceptedTabs(call).map((who) => tabKey(call.twId, who)));
      for (const tab of [...tabs.values()]) {
        if (tab.twId !== call.twId || keep.has(tab.key)) continue;
        await serial(tab.key, () => release(tab));
      }
      if (call.status === 'ended' && call.transport === 'janus') await destroyRoom(call.id);
    })().catch((err: unknown) => log.warn({ err, twId: call.twId }, 'janus room not released'));
  };

  /** Sessions this process holds for tabs that left or calls that ended meanwhile (possibly elsewhere). */
  const sweep = async () => {
    const byRoom = new Map<string, TTabMedia[]>();
    for (const tab of tabs.values()) byRoom.set(tab.twId, [...(byRoom.get(tab.twId) ?? []), tab]);
    for (const [twId, held] of byRoom) {
      const call = await liveCall(twId);
      for (const tab of held) {
        const still =
          call?.id === tab.callId &&
          call.participants.some((p) => p.id === tab.userId && p.tabId === tab.tabId && p.status === 'accepted');
        if (!still || tab.session.gone()) await serial(tab.key, () => release(tab));
      }
      if (!call || call.id !== held[0]!.callId) await destroyRoom(held[0]!.callId).catch(() => undefined);
    }
  };
  const timer = setInterval(() => {
    sweep().catch((err: unknown) => log.warn({ err }, 'janus sweep failed'));
  }, SWEEP_MS);
  timer.unref();

  const close = async () => {
    closed = true;
    clearInterval(timer);
    for (const tab of [...tabs.values()]) await release(tab).catch(() => undefined);
    const held = await admin?.catch(() => null);
    await held?.session.destroy();
    client.close();
  };

  return { publish, subscribe, start, trickle, follow, feedsOf, sweep, close, heldTabs: () => tabs.size };
}

export type JanusMedia = ReturnType<typeof createJanusMedia>;
