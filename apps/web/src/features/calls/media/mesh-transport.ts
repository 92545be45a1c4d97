import type { TCall } from '@rounds/contracts/calls';
import type { TServerEventPayload } from '@rounds/contracts/events';
import type { TCallTransport, TPeerKey, TRemoteMedia } from './call-transport';

type TSignalData = TServerEventPayload<'CallSignal'>['data'];

const keyOf = (p: TPeerKey) => `${p.userId}:${p.tabId}`;

type TPeer = { key: TPeerKey; pc: RTCPeerConnection; stream: MediaStream; pending: RTCIceCandidateInit[] };

/**
 * The mesh: one RTCPeerConnection per other accepted tab; the server only relays offers, answers and ICE
 * candidates (CallSignal). Of two tabs, the one with the smaller key makes the offer, so exactly one does.
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
  const report = () =>
    o.onRemotes([...peers.values()].map((p) => ({ userId: p.key.userId, tabId: p.key.tabId, stream: p.stream })));

  const open = (key: TPeerKey): TPeer => {
    const existing = peers.get(keyOf(key));
    if (existing) return existing;
    const pc = new RTCPeerConnection({ iceServers: o.iceServers });
    const peer: TPeer = { key, pc, stream: new MediaStream(), pending: [] };
    for (const track of o.local.getTracks()) pc.addTrack(track, o.local);
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

  const offer = async (peer: TPeer) => {
    const description = await peer.pc.createOffer();
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
    const description = await peer.pc.createOffer({ iceRestart: true });
    await peer.pc.setLocalDescription(description);
    o.send(peer.key, { type: 'offer', sdp: description.sdp ?? '' });
  };

  const flush = async (peer: TPeer) => {
    for (const c of peer.pending.splice(0)) await peer.pc.addIceCandidate(c).catch(() => undefined);
  };

  return {
    sync(call: TCall) {
      const wanted = call.participants
        .filter((p) => p.status === 'accepted' && p.tabId && keyOf({ userId: p.id, tabId: p.tabId }) !== mine)
        .map((p) => ({ userId: p.id, tabId: p.tabId! }));
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
        const answer = await peer.pc.createAnswer();
        await peer.pc.setLocalDescription(answer);
        o.send(from, { type: 'answer', sdp: answer.sdp ?? '' });
        await flush(peer);
      } else if (data.type === 'answer') {
        await peer.pc.setRemoteDescription({ type: 'answer', sdp: data.sdp });
        await flush(peer);
      } else if (data.type === 'restart') {
        if (offers(from)) await restart(peer);
      } else if (peer.pc.remoteDescription) {
        await peer.pc.addIceCandidate(data.candidate as RTCIceCandidateInit).catch(() => undefined);
      } else {
        peer.pending.push(data.candidate as RTCIceCandidateInit);
      }
    },
    async setScreen(track) {
      // The camera's sender carries the screen (no renegotiation); a call without a camera has none to swap.
      const camera = o.local.getVideoTracks()[0] ?? null;
      for (const peer of peers.values()) {
        const sender = peer.pc.getSenders().find((s) => s.track?.kind === 'video' || s.track === null);
        await sender?.replaceTrack(track ?? camera);
      }
    },
    resume() {
      for (const peer of peers.values()) {
        if (peer.pc.connectionState === 'connected') continue;
        if (offers(peer.key)) void restart(peer).catch(() => undefined);
        else o.send(peer.key, { type: 'restart' });
      }
    },
    close() {
      for (const peer of peers.values()) peer.pc.close();
      peers.clear();
      report();
    },
  };
}
