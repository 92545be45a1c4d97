import { randomInt } from 'node:crypto';
import { createSocket, type Socket as UdpSocket } from 'node:dgram';
import { freePort } from '@rounds/test-kit/server-process';
import type { FastifyBaseLogger } from 'fastify';
import { createJanusClient, type JanusHandle, type TJsep } from '../../src/modules/calls/janus/janus-client';

/**
 * A stand-in for a browser's peer connections, for server tests that need real media through Janus without a
 * browser (Node has no RTCPeerConnection, and no WebRTC package is installed): Janus itself is the far end.
 * - `offer`/`answered`: a sending peer. A Streaming-plugin mountpoint fed with VP8 RTP from this process offers
 *   sendonly video, as a browser's publisher would; the answer from the call's VideoRoom completes it, and ICE
 *   and DTLS run between the two Janus handles on loopback.
 * - `receive`: a receiving peer. A Janus subscriber offer is answered by a publisher in a probe room of this
 *   helper's own, whose video is forwarded as plain RTP to a UDP port here: `packetsFrom(other)` counts what
 *   arrived with the other peer's marker in it, so it is that peer's stream and no other.
 * The Janus must run with the Streaming plugin (startJanus({ streaming: true })).
 */
export type JanusPeer = {
  offer: () => Promise<string>;
  answered: (sdp: string) => Promise<void>;
  receive: (offer: string) => Promise<string>;
  /** Forwarded RTP packets that carry another peer's marker: the media that peer sent. */
  packetsFrom: (other: JanusPeer) => number;
  marker: string;
  close: () => Promise<void>;
};

const silent = { warn: () => undefined } as unknown as FastifyBaseLogger;
const MARKER = 'rounds-janus-peer:';

/** A VP8 RTP packet: a key frame's header (so Janus sees key frames) and the sender's marker as its payload. */
function vp8Packet(seq: number, timestamp: number, ssrc: number, marker: string): Buffer {
  const header = Buffer.alloc(12);
  header[0] = 0x80;
  header[1] = 0x80 | 96; // marker bit: one packet per frame
  header.writeUInt16BE(seq & 0xffff, 2);
  header.writeUInt32BE(timestamp >>> 0, 4);
  header.writeUInt32BE(ssrc >>> 0, 8);
  // VP8 payload descriptor (start of partition 0), then a key frame's tag, start code and 320x240.
  const vp8 = Buffer.from([0x10, 0x50, 0x02, 0x00, 0x9d, 0x01, 0x2a, 0x40, 0x01, 0xf0, 0x00]);
  return Buffer.concat([header, vp8, Buffer.from(marker)]);
}

export async function janusPeer(url: string): Promise<JanusPeer> {
  const client = createJanusClient(url, silent);
  const session = await client.createSession();
  const sockets: UdpSocket[] = [];
  const timers: NodeJS.Timeout[] = [];
  const marker = `${MARKER}${crypto.randomUUID()}`;
  const received = new Map<string, number>();

  // ---- The sending side ----
  let streaming: JanusHandle | null = null;
  const mountpoint = randomInt(1, 2 ** 31);
  const offer = async () => {
    const port = await freePort();
    const admin = await session.attach('janus.plugin.streaming');
    await admin.message({
      request: 'create',
      type: 'rtp',
      id: mountpoint,
      description: 'test source',
      media: [{ type: 'video', mid: 'v', port, pt: 96, codec: 'vp8' }],
    });
    await admin.detach();
    const out = createSocket('udp4');
    sockets.push(out);
    const ssrc = randomInt(1, 2 ** 31);
    let seq = randomInt(0, 60_000);
    let ts = randomInt(0, 2 ** 31);
    timers.push(
      setInterval(() => {
        seq += 1;
        ts += 3_000;
        out.send(vp8Packet(seq, ts, ssrc, marker), port, '127.0.0.1');
      }, 33),
    );
    streaming = await session.attach('janus.plugin.streaming');
    const reply = await streaming.message({ request: 'watch', id: mountpoint });
    if (!reply.jsep) throw new Error('the mountpoint made no offer');
    return reply.jsep.sdp;
  };
  const answered = async (sdp: string) => {
    if (!streaming) throw new Error('offer first');
    await streaming.message({ request: 'start' }, { type: 'answer', sdp });
  };

  // ---- The receiving side ----
  const probeRoom = randomInt(1, 2 ** 31);
  const secret = crypto.randomUUID();
  let probe: Promise<JanusHandle> | null = null;
  const receive = async (sdp: string) => {
    probe ??= session.attach('janus.plugin.videoroom').then(async (h) => {
      await h.message({ request: 'create', room: probeRoom, secret, publishers: 10, videocodec: 'vp8' });
      return h;
    });
    const admin = await probe;
    const handle = await session.attach('janus.plugin.videoroom');
    const id = randomInt(1, 2 ** 31);
    const joined = await handle.message(
      { request: 'joinandconfigure', ptype: 'publisher', room: probeRoom, id, audio: true, video: true },
      { type: 'offer', sdp } satisfies TJsep,
    );
    if (!joined.jsep) throw new Error('the probe made no answer');
    const port = await freePort();
    const inbox = createSocket('udp4');
    sockets.push(inbox);
    inbox.on('message', (packet) => {
      const at = packet.indexOf(MARKER);
      if (at < 0) return;
      const from = packet.subarray(at, at + marker.length).toString();
      received.set(from, (received.get(from) ?? 0) + 1);
    });
    await new Promise<void>((resolve) => inbox.bind(port, '127.0.0.1', resolve));
    const videoMid = /m=video[\s\S]*?a=mid:(\S+)/.exec(sdp)?.[1];
    // The publisher's streams exist once its media is up: forward when Janus lets us.
    const forward = async () => {
      for (let i = 0; i < 100; i++) {
        const ok = await admin
          .message({
            request: 'rtp_forward',
            room: probeRoom,
            publisher_id: id,
            secret,
            host: '127.0.0.1',
            streams: [{ mid: videoMid, port }],
          })
          .then(() => true)
          .catch(() => false);
        if (ok) return;
        await new Promise((r) => setTimeout(r, 200));
      }
    };
    void forward();
    return joined.jsep.sdp;
  };

  return {
    offer,
    answered,
    receive,
    marker,
    packetsFrom: (other) => received.get(other.marker) ?? 0,
    close: async () => {
      for (const t of timers) clearInterval(t);
      for (const s of sockets) s.close();
      await session.destroy();
      client.close();
    },
  };
}
