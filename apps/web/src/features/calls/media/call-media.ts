import { callRoutes, type TCall } from '@rounds/contracts/calls';
import { create } from 'zustand';
import { apiCall } from '../../../lib/api-call';
import { request, subscribe } from '../../../lib/socket';
import type { TRemoteMedia } from './call-transport';
import { createMeshTransport } from './mesh-transport';

type TMediaState = {
  twId: string | null;
  local: MediaStream | null;
  remotes: TRemoteMedia[];
  /** Why local media could not start (permission refused, no device), for the overlay to say. */
  error: string | null;
};

/** The media of this tab's active call: the local stream and the remote ones, whichever transport carries them. */
export const useCallMedia = create<TMediaState>(() => ({ twId: null, local: null, remotes: [], error: null }));

let transport: ReturnType<typeof createMeshTransport> | null = null;
/** The newest version of the active call this tab has seen. */
let latest: TCall | null = null;
type TSignal = Parameters<Parameters<typeof subscribe<'CallSignal'>>[1]>[0];
/**
 * Signals that arrive before this tab's media is up (the other side offers as soon as it hears of the answer,
 * while this tab still opens its microphone) wait here, per call, and are handed over once it is.
 */
let early: TSignal[] = [];

/** Listens for signalling for as long as the call layer is mounted; returns the unsubscribe. */
export function listenForSignals(): () => void {
  return subscribe('CallSignal', (signal) => {
    const current = useCallMedia.getState().twId;
    if (transport && signal.twId === current) {
      void transport.signal(signal.from, signal.data).catch(() => undefined);
      return;
    }
    early = [...early.filter((s) => s.twId === signal.twId), signal].slice(-200);
  });
}

/** Starts (once) or updates the media of the active call; the overlay calls it with every version of the call. */
export async function followCall(call: TCall, me: { userId: string; tabId: string }): Promise<void> {
  const state = useCallMedia.getState();
  latest = call;
  if (state.twId === call.twId) {
    // Still opening the devices: the newest version of the call is synced once they are open.
    transport?.sync(call);
    return;
  }
  stopMedia();
  latest = call;
  useCallMedia.setState({ twId: call.twId, error: null });
  const self = call.participants.find((p) => p.id === me.userId);
  let local: MediaStream;
  try {
    local = await navigator.mediaDevices.getUserMedia({ audio: true, video: Boolean(self?.video) });
  } catch (error) {
    useCallMedia.setState({ error: error instanceof Error ? error.name : 'media' });
    local = new MediaStream();
  }
  // The call may have ended while the devices were opening.
  if (useCallMedia.getState().twId !== call.twId) {
    for (const track of local.getTracks()) track.stop();
    return;
  }
  // The media token also carries the ICE servers: STUN, and TURN with credentials that expire (coturn).
  const iceServers = await apiCall(callRoutes.videoToken, { query: { twId: call.twId } }, { toast: false })
    .then(({ data }) => data.iceServers)
    .catch(() => []);
  if (useCallMedia.getState().twId !== call.twId) {
    for (const track of local.getTracks()) track.stop();
    return;
  }
  const mesh = createMeshTransport({
    me,
    local,
    iceServers,
    send: (to, data) => void request('CallSignal', { twId: call.twId, to, data }).catch(() => undefined),
    onRemotes: (remotes) => useCallMedia.setState({ remotes }),
  });
  transport = mesh;
  useCallMedia.setState({ local });
  mesh.sync(latest?.twId === call.twId ? latest : call);
  const waiting = early.filter((s) => s.twId === call.twId);
  early = [];
  for (const signal of waiting) await mesh.signal(signal.from, signal.data).catch(() => undefined);
}

/** The active call survived a network outage: reconnect the media that did not. */
export function resumeMedia(): void {
  transport?.resume();
}

/** Ends this tab's media: peers closed, camera and microphone released. */
export function stopMedia(): void {
  latest = null;
  transport?.close();
  transport = null;
  const { local } = useCallMedia.getState();
  for (const track of local?.getTracks() ?? []) track.stop();
  useCallMedia.setState({ twId: null, local: null, remotes: [], error: null });
}

/** Mutes or unmutes the microphone (or camera) here at once; the server learns it for the others' tiles. */
export function setLocalTrack(kind: 'audio' | 'video', on: boolean): void {
  const { local } = useCallMedia.getState();
  for (const track of local?.getTracks() ?? []) if (track.kind === kind) track.enabled = on;
}
