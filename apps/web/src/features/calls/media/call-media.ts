import { callRoutes, type TCall } from '@rounds/contracts/calls';
import { create } from 'zustand';
import { apiCall } from '../../../lib/api-call';
import { request, subscribe } from '../../../lib/socket';
import { SCREEN_FRAME_RATE } from '../call-constants';
import { audible } from '../call-store';
import type { TCallTransport, TPeerKey, TRemoteMedia } from './call-transport';
import { createJanusTransport } from './janus-transport';
import { createMeshTransport } from './mesh-transport';

type TMediaState = {
  twId: string | null;
  local: MediaStream | null;
  remotes: TRemoteMedia[];
  /** Why local media could not start (permission refused, no device), for the overlay to say. */
  error: string | null;
  /** The screen this tab shares, for its own preview (not mirrored). */
  screen: MediaStream | null;
};

/** The media of this tab's active call: the local stream and the remote ones, whichever transport carries them. */
export const useCallMedia = create<TMediaState>(() => ({
  twId: null,
  local: null,
  remotes: [],
  error: null,
  screen: null,
}));

let transport: (TCallTransport & { feeds?: (feeds: TPeerKey[]) => void }) | null = null;
/** The transport when it is the mesh (it takes the tab-to-tab signals). */
let mesh: ReturnType<typeof createMeshTransport> | null = null;
/** The newest feeds the server announced per call (Janus), kept for a tab whose media is still starting. */
const feedsOf = new Map<string, TPeerKey[]>();
/** The newest version of the active call this tab has seen. */
let latest: TCall | null = null;
/** A screen captured before its direct screen share call exists (the picker needs the click), by room. */
let held: { twId: string; track: MediaStreamTrack } | null = null;
type TSignal = Parameters<Parameters<typeof subscribe<'CallSignal'>>[1]>[0];
/**
 * Signals that arrive before this tab's media is up (the other side offers as soon as it hears of the answer,
 * while this tab still opens its microphone) wait here, per call, and are handed over once it is.
 */
let early: TSignal[] = [];

/** Listens for signalling for as long as the call layer is mounted; returns the unsubscribe. */
export function listenForSignals(): () => void {
  const offFeeds = subscribe('CallFeeds', ({ twId, feeds }) => {
    feedsOf.clear();
    feedsOf.set(twId, feeds);
    if (useCallMedia.getState().twId === twId) transport?.feeds?.(feeds);
  });
  const offSignals = subscribe('CallSignal', (signal) => {
    const current = useCallMedia.getState().twId;
    if (mesh && signal.twId === current) {
      void mesh.signal(signal.from, signal.data).catch(() => undefined);
      return;
    }
    early = [...early.filter((s) => s.twId === signal.twId), signal].slice(-200);
  });
  return () => {
    offFeeds();
    offSignals();
  };
}

/** Starts (once) or updates the media of the active call; the overlay calls it with every version of the call. */
export async function followCall(call: TCall, me: { userId: string; tabId: string }): Promise<void> {
  const state = useCallMedia.getState();
  latest = call;
  const self = call.participants.find((p) => p.id === me.userId);
  if (state.twId === call.twId) {
    // Still opening the devices: the newest version of the call is synced once they are open.
    transport?.sync(call);
    if (self) setLocalTrack('audio', audible(call, self));
    // The server no longer counts this tab's share (it ended the call's share): the screen goes.
    if (state.screen && self && !self.screenShare) void releaseScreen();
    return;
  }
  stopMedia();
  latest = call;
  useCallMedia.setState({ twId: call.twId, error: null });
  let local = new MediaStream();
  // A direct screen share carries the screen only: no microphone, no camera (doc 2 section 4, Accept).
  if (call.type !== 'directScreenShare') {
    try {
      local = await navigator.mediaDevices.getUserMedia({ audio: true, video: Boolean(self?.video) });
    } catch (error) {
      useCallMedia.setState({ error: error instanceof Error ? error.name : 'media' });
    }
  }
  // The call may have ended while the devices were opening.
  if (useCallMedia.getState().twId !== call.twId) {
    for (const track of local.getTracks()) track.stop();
    return;
  }
  // The media token also carries the ICE servers (STUN, and TURN with credentials that expire: coturn) and
  // names the transport: the browser mesh, or Janus driven by the server.
  const fetchToken = () =>
    apiCall(callRoutes.videoToken, { query: { twId: call.twId } }, { toast: false }).then(({ data }) => data);
  let media = await fetchToken().catch(() => null);
  const iceServers = media?.iceServers ?? [];
  if (useCallMedia.getState().twId !== call.twId) {
    for (const track of local.getTracks()) track.stop();
    return;
  }
  let janus: ReturnType<typeof createJanusTransport> | null = null;
  if (media?.transport === 'janus') {
    const token = async () => {
      if (!media || media.expiresAt - Date.now() < 30_000) media = await fetchToken();
      return media.jwt;
    };
    janus = createJanusTransport({
      twId: call.twId,
      me,
      local,
      iceServers,
      token,
      request: (event, payload) => request(event, payload),
      onRemotes: (remotes) => useCallMedia.setState({ remotes }),
    });
    transport = janus;
  } else {
    mesh = createMeshTransport({
      me,
      local,
      iceServers,
      send: (to, data) => void request('CallSignal', { twId: call.twId, to, data }).catch(() => undefined),
      onRemotes: (remotes) => useCallMedia.setState({ remotes }),
    });
    transport = mesh;
  }
  const started = transport;
  useCallMedia.setState({ local });
  const now = latest?.twId === call.twId ? latest : call;
  const selfNow = now.participants.find((p) => p.id === me.userId);
  if (selfNow) setLocalTrack('audio', audible(now, selfNow));
  if (held?.twId === call.twId) {
    const track = held.track;
    held = null;
    useCallMedia.setState({ screen: new MediaStream([track]) });
    await started.setScreen(track);
  }
  started.sync(now);
  if (janus) {
    janus.feeds(feedsOf.get(call.twId) ?? []);
    return;
  }
  const waiting = early.filter((s) => s.twId === call.twId);
  early = [];
  for (const signal of waiting) await mesh?.signal(signal.from, signal.data).catch(() => undefined);
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
  mesh = null;
  const { local, screen } = useCallMedia.getState();
  for (const track of [...(local?.getTracks() ?? []), ...(screen?.getTracks() ?? [])]) track.stop();
  useCallMedia.setState({ twId: null, local: null, remotes: [], error: null, screen: null });
}

/** Whether this browser can share a screen at all (phones and some browsers cannot). */
export const canShareScreen = (): boolean => typeof navigator.mediaDevices?.getDisplayMedia === 'function';

/**
 * Asks the browser for a screen (the picker; Chromium needs the user's click for it), as a track tuned for a
 * screen: 10 frames a second, contentHint 'detail' so text stays sharp. Rejects as getDisplayMedia does.
 */
export async function captureScreen(): Promise<MediaStreamTrack> {
  const stream = await navigator.mediaDevices.getDisplayMedia({
    video: { frameRate: SCREEN_FRAME_RATE },
    audio: false,
  });
  const [track] = stream.getVideoTracks();
  if (!track) throw new Error('no screen');
  track.contentHint = 'detail';
  return track;
}

/** Keeps a screen for the direct screen share about to start in this room; followCall sends it. */
export function holdScreen(twId: string, track: MediaStreamTrack | null): void {
  if (held && held.track !== track) held.track.stop();
  held = track ? { twId, track } : null;
}

/** Sends this screen in the active call in place of the camera; false when the call is gone meanwhile. */
export async function shareScreen(twId: string, track: MediaStreamTrack): Promise<boolean> {
  if (useCallMedia.getState().twId !== twId) return false;
  useCallMedia.setState({ screen: new MediaStream([track]) });
  await transport?.setScreen(track);
  return true;
}

/** Stops this tab's screen and sends the camera again (nothing in a voice call). */
export async function releaseScreen(): Promise<void> {
  const { screen } = useCallMedia.getState();
  if (!screen) return;
  for (const track of screen.getTracks()) track.stop();
  useCallMedia.setState({ screen: null });
  await transport?.setScreen(null);
}

/** Mutes or unmutes the microphone (or camera) here at once; the server learns it for the others' tiles. */
export function setLocalTrack(kind: 'audio' | 'video', on: boolean): void {
  const { local } = useCallMedia.getState();
  for (const track of local?.getTracks() ?? []) if (track.kind === kind) track.enabled = on;
}
