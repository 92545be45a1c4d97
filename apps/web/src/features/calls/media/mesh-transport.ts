import { acceptedTabs, type TCall } from '@rounds/contracts/calls';
import type { TServerEventPayload } from '@rounds/contracts/events';
import { SCREEN_FRAME_RATE } from '../call-constants';
import type { TCallTransport, TPeerKey, TRemoteMedia } from './call-transport';

type TSignalData = TServerEventPayload<'CallSignal'>['data'];

const keyOf = (p: TPeerKey) => `${p.userId}:${p.tabId}`;

type TPeer = { key: TPeerKey; pc: RTCPeerConnection; stream: MediaStream; pending: RTCIceCandidateInit[] };

/**
 * The mesh: one RTCPeerConnection per other accepted tab; the server only relays offers, answers and ICE
 * candidates (CallSignal). Of two tabs, the one with the smaller key makes the offer, so exactly one does.
 *
 * Every connection negotiates one audio and one video transceiver, sending both ways, whatever the call's type
 * and whether a track is there yet (a voice call sends no video, a screen watcher no audio). A screen shared
 * later, or the camera coming back after it, is then only a replaceTrack on the video sender: no second offer,
 * no glare between two tabs renegotiating at once, and the far side keeps the same receiving track. The
 * offerer adds the two transceivers; the answerer takes the ones the offer made and puts its tracks on them
 * (transceivers made with addTransceiver are never matched to a remote offer's lines).
 */
export function createMeshTransport(o: {
  me: TPeerKey;
  local: MediaStream;
  iceServers: RTCIceServer[];
  send: (to: TPeerKey, data: TSignalData) => void;
  onRemotes: (remotes: TRemoteMedia[]) => void;
}): TCallTransport & { signal: (from: TPeerKey, data: TSignalData) => Promise<void> } {
  const peers = new Map<string, TPeer>();
  const mine = keyOf(o.me);
  let screen: MediaStreamTrack | null = null;
  const microphone = () => o.local.getAudioTracks()[0] ?? null;
  const outgoingVideo = () => screen ?? o.local.getVideoTracks()[0] ?? null;

  /**
   * A shared screen goes at the spec's 10 frames a second and low priority (doc 2 section 9); its track's
   * contentHint 'detail' (set where it is captured) has the encoder keep sharpness over motion.
   */
  const tune = async (sender: RTCRtpSender) => {
    const params = sender.getParameters();
    if (!params.encodings?.length) return;
    for (const encoding of params.encodings) {
      if (screen && sender.track === screen) {
        encoding.maxFramerate = SCREEN_FRAME_RATE;
        encoding.priority = 'low';
        encoding.networkPriority = 'low';
      } else {
        delete encoding.maxFramerate;
      }
    }
    await sender.setParameters(params).catch(() => undefined);
  };

  /** Puts what this tab sends now on every negotiated transceiver of the connection. */
  const attach = async (pc: RTCPeerConnection) => {
    for (const t of pc.getTransceivers()) {
      if (t.mid === null || t.currentDirection === 'stopped') continue;
      const track = t.receiver.track.kind === 'audio' ? microphone() : outgoingVideo();
      if (t.sender.track !== track) await t.sender.replaceTrack(track);
      if (t.direction !== 'sendrecv') t.direction = 'sendrecv';
      t.sender.setStreams?.(o.local);
      if (t.receiver.track.kind === 'video') await tune(t.sender);
    }
  };
  const report = () =>
    o.onRemotes([...peers.values()].map((p) => ({ userId: p.key.userId, tabId: p.key.tabId, stream: p.stream })));

  const open = (key: TPeerKey): TPeer => {
    const existing = peers.get(keyOf(key));
    if (existing) return existing;
    const pc = new RTCPeerConnection({ iceServers: o.iceServers });
    const peer: TPeer = { key, pc, stream: new MediaStream(), pending: [] };
    pc.onicecandidate = (e) => {
      if (e.candidate) o.send(key, { type: 'candidate', candidate: e.candidate.toJSON() as never });
    };
    // A network change broke the connection: the offering side negotiates new ICE candidates.
    pc.onconnectionstatechange = () => {
      if (pc.connectionState === 'failed' && offers(key)) void restart(peer).catch(() => undefined);
    };
    pc.ontrack = (e) => {
      if (!peer.stream.getTracks().includes(e.track)) peer.stream.addTrack(e.track);
      report();
    };
    peers.set(keyOf(key), peer);
    report();
    return peer;
  };

  const offer = async (peer: TPeer, options: RTCOfferOptions = {}) => {
    if (peer.pc.getTransceivers().length === 0) {
      peer.pc.addTransceiver(microphone() ?? 'audio', { direction: 'sendrecv', streams: [o.local] });
      peer.pc.addTransceiver(outgoingVideo() ?? 'video', { direction: 'sendrecv', streams: [o.local] });
    }
    const description = await peer.pc.createOffer(options);
    await peer.pc.setLocalDescription(description);
    o.send(peer.key, { type: 'offer', sdp: description.sdp ?? '' });
  };

  /** Of two tabs, the one with the smaller key makes the offers, so exactly one does. */
  const offers = (other: TPeerKey) => mine < keyOf(other);

  /**
   * Offers again with new ICE candidates; an offer whose answer was lost is taken back first. The other side
   * takes it like any offer, whether it heard the first one or not.
   */
  const restart = async (peer: TPeer) => {
    if (peer.pc.signalingState === 'have-local-offer') await peer.pc.setLocalDescription({ type: 'rollback' });
    await offer(peer, { iceRestart: true });
  };

  const flush = async (peer: TPeer) => {
    for (const c of peer.pending.splice(0)) await peer.pc.addIceCandidate(c).catch(() => undefined);
  };

  return {
    sync(call: TCall) {
      const wanted = acceptedTabs(call).filter((who) => keyOf(who) !== mine);
      const keep = new Set(wanted.map(keyOf));
      for (const [k, peer] of peers) {
        if (keep.has(k)) continue;
        peer.pc.close();
        peers.delete(k);
      }
      for (const key of wanted) {
        if (peers.has(keyOf(key))) continue;
        const peer = open(key);
        if (offers(key)) void offer(peer).catch(() => undefined);
      }
      report();
    },
    async signal(from, data) {
      const peer = open(from);
      if (data.type === 'offer') {
        await peer.pc.setRemoteDescription({ type: 'offer', sdp: data.sdp });
        await attach(peer.pc);
        const answer = await peer.pc.createAnswer();
        await peer.pc.setLocalDescription(answer);
        o.send(from, { type: 'answer', sdp: answer.sdp ?? '' });
        await flush(peer);
      } else if (data.type === 'answer') {
        await peer.pc.setRemoteDescription({ type: 'answer', sdp: data.sdp });
        await flush(peer);
        // Encodings exist once negotiated: a screen shared meanwhile gets its frame rate and priority now.
        for (const sender of peer.pc.getSenders()) if (sender.track?.kind === 'video') await tune(sender);
      } else if (data.type === 'restart') {
        if (offers(from)) await restart(peer);
      } else if (peer.pc.remoteDescription) {
        await peer.pc.addIceCandidate(data.candidate as RTCIceCandidateInit).catch(() => undefined);
      } else {
        peer.pending.push(data.candidate as RTCIceCandidateInit);
      }
    },
    resume() {
      for (const peer of peers.values()) {
        if (peer.pc.connectionState === 'connected') continue;
        if (offers(peer.key)) void restart(peer).catch(() => undefined);
        else o.send(peer.key, { type: 'restart' });
      }
    },
    async setScreen(track) {
      screen = track;
      const video = outgoingVideo();
      await Promise.all(
        [...peers.values()].flatMap((peer) =>
          peer.pc
            .getTransceivers()
            .filter((t) => t.receiver.track.kind === 'video' && t.currentDirection !== 'stopped')
            .map(async (t) => {
              await t.sender.replaceTrack(video);
              await tune(t.sender);
            }),
        ),
      );
    },
    close() {
      for (const peer of peers.values()) peer.pc.close();
      peers.clear();
      report();
    },
  };
}
