import { randomBytes } from 'node:crypto';

/**
 * A browser-like sendonly offer (Opus audio, VP8 video, bundled, ICE and DTLS fields) for tests that drive
 * Janus from Node, which has no RTCPeerConnection: Janus answers it as it would a browser's, though no
 * media ever flows.
 */
export function fakeOffer(): string {
  const fingerprint = [...randomBytes(32)].map((b) => b.toString(16).padStart(2, '0').toUpperCase()).join(':');
  const ufrag = randomBytes(3).toString('hex');
  const pwd = randomBytes(12).toString('hex');
  const session = BigInt(`0x${randomBytes(6).toString('hex')}`).toString();
  const media = (kind: 'audio' | 'video', mid: number, pt: number, codec: string, ssrc: number) => [
    `m=${kind} 9 UDP/TLS/RTP/SAVPF ${pt}`,
    'c=IN IP4 0.0.0.0',
    'a=rtcp:9 IN IP4 0.0.0.0',
    `a=ice-ufrag:${ufrag}`,
    `a=ice-pwd:${pwd}`,
    'a=ice-options:trickle',
    `a=fingerprint:sha-256 ${fingerprint}`,
    'a=setup:actpass',
    `a=mid:${mid}`,
    'a=sendonly',
    'a=rtcp-mux',
    `a=rtpmap:${pt} ${codec}`,
    `a=ssrc:${ssrc} cname:test`,
  ];
  return [
    'v=0',
    `o=- ${session} 2 IN IP4 127.0.0.1`,
    's=-',
    't=0 0',
    'a=group:BUNDLE 0 1',
    'a=msid-semantic: WMS',
    ...media('audio', 0, 111, 'opus/48000/2', 1111),
    ...media('video', 1, 96, 'VP8/90000', 2222),
    '',
  ].join('\r\n');
}
