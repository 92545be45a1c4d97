import type { Page } from 'playwright-core';
import { budget } from './budget';

/**
 * What a call's media does in a page, read from WebRTC's own statistics: the page's peer connections are kept
 * on window by an init script (the app keeps none there), optionally forced to relay-only ICE.
 */
type TWindow = { __roundsPeers?: RTCPeerConnection[] };

/**
 * Chromium for calls: fake camera, microphone and screen with no permission prompt, peer connections allowed on
 * loopback (no test media leaves the machine), and remote audio that plays without a click.
 */
export const CALL_BROWSER_ARGS = [
  '--use-fake-device-for-media-stream',
  '--use-fake-ui-for-media-stream',
  '--allow-loopback-in-peer-connection',
  '--autoplay-policy=no-user-gesture-required',
];

/** Keeps every RTCPeerConnection the page makes; with `relayOnly`, each gathers TURN relay candidates only. */
export async function capturePeers(page: Page, o: { relayOnly?: boolean } = {}): Promise<void> {
  await page.addInitScript((relayOnly: boolean) => {
    const peers: RTCPeerConnection[] = [];
    (window as unknown as TWindow).__roundsPeers = peers;
    const Native = window.RTCPeerConnection;
    window.RTCPeerConnection = class extends Native {
      constructor(config?: RTCConfiguration) {
        super(relayOnly ? { ...config, iceTransportPolicy: 'relay' } : config);
        peers.push(this);
      }
    } as typeof RTCPeerConnection;
  }, o.relayOnly ?? false);
}

/** Inbound audio bytes and level on every peer connection of the page (the mesh has one per other tab). */
export async function inboundAudio(page: Page): Promise<{ bytes: number; level: number }> {
  return page.evaluate(async () => {
    let bytes = 0;
    let level = 0;
    for (const pc of (window as unknown as TWindow).__roundsPeers ?? []) {
      const stats = await pc.getStats();
      stats.forEach((r) => {
        if (r.type === 'inbound-rtp' && r.kind === 'audio') {
          bytes += r.bytesReceived ?? 0;
          level = Math.max(level, r.audioLevel ?? 0);
        }
      });
    }
    return { bytes, level };
  });
}

/** Waits (polling getStats, generous deadline for a loaded machine) until audio beyond `over` bytes arrives. */
export async function waitForAudio(page: Page, over: number): Promise<{ bytes: number; level: number }> {
  const deadline = Date.now() + budget(30_000);
  for (;;) {
    const now = await inboundAudio(page);
    if (now.bytes > over && now.level > 0) return now;
    if (Date.now() > deadline) {
      // What each connection of the page was doing, for whoever reads the failure.
      const states = await page.evaluate(() =>
        ((window as unknown as TWindow).__roundsPeers ?? []).map(
          (pc) => `${pc.connectionState}/${pc.iceConnectionState}/${pc.signalingState}`,
        ),
      );
      throw new Error(`no audio arrived: ${JSON.stringify({ ...now, peers: states })}`);
    }
    await page.waitForTimeout(250);
  }
}

export type TSelectedPair = {
  local: { candidateType: string; address: string; protocol: string; relayProtocol?: string };
  remote: { candidateType: string; address: string };
};

/**
 * The candidate pair ICE selected on each peer connection of the page: the transport's selected pair, or
 * (older stats) the nominated pair that succeeded. Empty until ICE has chosen.
 */
export async function selectedPairs(page: Page): Promise<TSelectedPair[]> {
  return page.evaluate(async () => {
    const out: TSelectedPair[] = [];
    for (const pc of (window as unknown as TWindow).__roundsPeers ?? []) {
      if (pc.connectionState === 'closed') continue;
      // biome-ignore lint/suspicious/noExplicitAny: RTCStatsReport entries are loosely typed dictionaries
      const byId = new Map<string, any>();
      (await pc.getStats()).forEach((r) => {
        byId.set(r.id, r);
      });
      const all = [...byId.values()];
      const ids = all
        .filter((r) => r.type === 'transport' && r.selectedCandidatePairId)
        .map((r) => r.selectedCandidatePairId);
      const pairs = ids.length
        ? ids.map((id) => byId.get(id))
        : all.filter((r) => r.type === 'candidate-pair' && r.nominated && r.state === 'succeeded');
      for (const pair of pairs) {
        const local = byId.get(pair.localCandidateId);
        const remote = byId.get(pair.remoteCandidateId);
        out.push({
          local: {
            candidateType: local?.candidateType,
            address: local?.address,
            protocol: local?.protocol,
            relayProtocol: local?.relayProtocol,
          },
          remote: { candidateType: remote?.candidateType, address: remote?.address },
        });
      }
    }
    return out;
  });
}
