import { acceptedTabs, type TCall } from '@rounds/contracts/calls';
import type { TClientAck, TClientEventName, TClientRequest } from '@rounds/contracts/events';
import type { TCallTransport, TPeerKey, TRemoteMedia } from './call-transport';

const keyOf = (p: TPeerKey) => `${p.userId}:${p.tabId}`;

type TRequest = <E extends TClientEventName>(event: E, payload: TClientRequest<E>) => Promise<TClientAck<E>>;
type TCandidate = RTCIceCandidateInit | null;
type TSubscription = { feed: TPeerKey; pc: RTCPeerConnection; stream: MediaStream; closed: boolean };

/** How often a refused subscription is tried again (the feed's media may still be coming up). */
const SUBSCRIBE_TRIES = 4;

/**
 * Media through Janus (the SFU), driven by our server: this tab publishes once (one sendonly peer connection)
 * and subscribes to each other tab's feed (one recvonly peer connection per feed). SDP and ICE go over the
 * socket (CallMediaPublish, CallMediaSubscribe, CallMediaStart, CallMediaTrickle), each with the call's media
 * token; the browser never talks to Janus. The server says who publishes (CallFeeds).
 *
 * The publisher always negotiates one audio and one video sender (the video one empty in a voice call), so a
 * screen share or a camera coming back is a track swap, never a renegotiation.
 */
export function createJanusTransport(o: {
  twId: string;
  me: TPeerKey;
  local: MediaStream;
  iceServers: RTCIceServer[];
  /** The tab's media token, renewed before it expires. */
  token: () => Promise<string>;
  request: TRequest;
  onRemotes: (remotes: TRemoteMedia[]) => void;
}): TCallTransport & { feeds: (feeds: TPeerKey[]) => void } {
  const mine = keyOf(o.me);
  const subs = new Map<string, TSubscription>();
  let closed = false;
  const report = () =>
    o.onRemotes([...subs.values()].map((s) => ({ userId: s.feed.userId, tabId: s.feed.tabId, stream: s.stream })));

  /** Sends one media event; a refusal becomes an error (the caller decides to retry or give up). */
  const send = async <E extends TClientEventName>(event: E, payload: Omit<TClientRequest<E>, 'jwt' | 'twId'>) => {
    const ack = (await o.request(event, { ...payload, twId: o.twId, jwt: await o.token() } as TClientRequest<E>)) as {
      ok: boolean;
      code?: string;
    };
    if (!ack.ok) throw new Error(ack.code ?? 'refused');
    return ack as TClientAck<E> & { ok: true };
  };

  /** Candidates wait until the server holds the handle they belong to, then go in order. */
  const trickler = (target: 'publisher' | TPeerKey) => {
    let ready = false;
    const queue: TCandidate[] = [];
    const push = (c: TCandidate) =>
      void send('CallMediaTrickle', { target, candidate: c as never }).catch(() => undefined);
    return {
      add: (c: TCandidate) => (ready ? push(c) : queue.push(c)),
      open: () => {
        ready = true;
        for (const c of queue.splice(0)) push(c);
      },
    };
  };

  // ---- The publisher ----
  const pub = new RTCPeerConnection({ iceServers: o.iceServers, bundlePolicy: 'max-bundle' });
  const camera = o.local.getVideoTracks()[0] ?? null;
  pub.addTransceiver(o.local.getAudioTracks()[0] ?? 'audio', { direction: 'sendonly', streams: [o.local] });
  const video = pub.addTransceiver(camera ?? 'video', { direction: 'sendonly', streams: [o.local] });
  const pubIce = trickler('publisher');
  pub.onicecandidate = (e) => pubIce.add(e.candidate ? (e.candidate.toJSON() as RTCIceCandidateInit) : null);
  const published = (async () => {
    const offer = await pub.createOffer();
    await pub.setLocalDescription(offer);
    const ack = await send('CallMediaPublish', { sdp: offer.sdp ?? '', renegotiate: false });
    if (closed) return;
    await pub.setRemoteDescription({ type: 'answer', sdp: ack.sdp });
    pubIce.open();
  })();
  published.catch(() => undefined);

  // ---- Subscriptions, one per feed ----
  const subscribe = async (feed: TPeerKey, attempt = 1): Promise<void> => {
    const key = keyOf(feed);
    const pc = new RTCPeerConnection({ iceServers: o.iceServers, bundlePolicy: 'max-bundle' });
    const sub: TSubscription = { feed, pc, stream: new MediaStream(), closed: false };
    subs.get(key)?.pc.close();
    subs.set(key, sub);
    const ice = trickler(feed);
    pc.onicecandidate = (e) => ice.add(e.candidate ? (e.candidate.toJSON() as RTCIceCandidateInit) : null);
    pc.ontrack = (e) => {
      if (!sub.stream.getTracks().includes(e.track)) sub.stream.addTrack(e.track);
      report();
    };
    try {
      // The server holds this tab's Janus session once its publish is through: subscriptions come after it.
      await published;
      const offer = await send('CallMediaSubscribe', { feed });
      if (sub.closed) return;
      await pc.setRemoteDescription({ type: 'offer', sdp: offer.sdp });
      const answer = await pc.createAnswer();
      await pc.setLocalDescription(answer);
      await send('CallMediaStart', { feed, sdp: answer.sdp ?? '' });
      ice.open();
      report();
    } catch {
      if (sub.closed || closed) return;
      pc.close();
      subs.delete(key);
      report();
      if (attempt < SUBSCRIBE_TRIES) {
        await new Promise((r) => setTimeout(r, 500 * attempt));
        if (!closed && !subs.has(key)) await subscribe(feed, attempt + 1);
      }
    }
  };

  const drop = (key: string) => {
    const sub = subs.get(key);
    if (!sub) return;
    sub.closed = true;
    sub.pc.close();
    subs.delete(key);
  };

  return {
    /** The feeds of the call now (CallFeeds): subscribe to new ones, let go of gone ones. */
    feeds(feeds) {
      if (closed) return;
      const wanted = new Map(feeds.filter((f) => keyOf(f) !== mine).map((f) => [keyOf(f), f]));
      for (const key of [...subs.keys()]) if (!wanted.has(key)) drop(key);
      for (const [key, feed] of wanted) if (!subs.has(key)) void subscribe(feed);
      report();
    },
    sync(call: TCall) {
      // A feed whose tab is no longer in the call goes at once, before Janus's own word comes (CallFeeds).
      const accepted = new Set(acceptedTabs(call).map(keyOf));
      for (const key of [...subs.keys()]) if (!accepted.has(key)) drop(key);
      report();
    },
    resume() {
      if (closed) return;
      // The publisher restarts its ICE on the same Janus handle; a broken subscription is made afresh.
      const broken = (pc: RTCPeerConnection) =>
        pc.connectionState === 'failed' || pc.connectionState === 'disconnected';
      if (broken(pub)) {
        void (async () => {
          await published.catch(() => undefined);
          const offer = await pub.createOffer({ iceRestart: true });
          await pub.setLocalDescription(offer);
          const ack = await send('CallMediaPublish', { sdp: offer.sdp ?? '', renegotiate: true });
          if (!closed) await pub.setRemoteDescription({ type: 'answer', sdp: ack.sdp });
        })().catch(() => undefined);
      }
      for (const sub of [...subs.values()]) {
        if (!broken(sub.pc)) continue;
        drop(keyOf(sub.feed));
        void subscribe(sub.feed);
      }
      report();
    },
    async setScreen(track) {
      await published.catch(() => undefined);
      await video.sender.replaceTrack(track ?? camera);
    },
    close() {
      closed = true;
      for (const key of [...subs.keys()]) drop(key);
      pub.close();
      report();
    },
  };
}
