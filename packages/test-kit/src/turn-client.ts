import { createHash, createHmac, randomBytes } from 'node:crypto';
import { createSocket, type Socket } from 'node:dgram';

/**
 * Just enough of STUN (RFC 5389) and TURN (RFC 5766) over UDP to ask a real TURN server for a relay the way a
 * browser does: a Binding request (is it up?), and an Allocate answered first with 401 + realm + nonce, then
 * sent again with the long-term credential (USERNAME, REALM, NONCE, MESSAGE-INTEGRITY keyed by
 * MD5(username:realm:password)). No npm package does this small part without a WebRTC stack around it.
 */
const COOKIE = 0x2112a442;
const TYPE = { binding: 0x0001, allocate: 0x0003 } as const;
const ATTR = {
  username: 0x0006,
  messageIntegrity: 0x0008,
  errorCode: 0x0009,
  realm: 0x0014,
  nonce: 0x0015,
  xorRelayedAddress: 0x0016,
  requestedTransport: 0x0019,
  xorMappedAddress: 0x0020,
} as const;

type TAttr = { type: number; value: Buffer };
type TMessage = { type: number; id: Buffer; attrs: TAttr[] };

function attr(type: number, value: Buffer): Buffer {
  const head = Buffer.alloc(4);
  head.writeUInt16BE(type, 0);
  head.writeUInt16BE(value.length, 2);
  return Buffer.concat([head, value, Buffer.alloc((4 - (value.length % 4)) % 4)]);
}

function header(type: number, length: number, id: Buffer): Buffer {
  const h = Buffer.alloc(20);
  h.writeUInt16BE(type, 0);
  h.writeUInt16BE(length, 2);
  h.writeUInt32BE(COOKIE, 4);
  id.copy(h, 8);
  return h;
}

/** A request; with `key`, MESSAGE-INTEGRITY closes it (the HMAC covers the header with its final length). */
function encode(type: number, id: Buffer, attrs: Buffer[], key?: Buffer): Buffer {
  const body = Buffer.concat(attrs);
  if (!key) return Buffer.concat([header(type, body.length, id), body]);
  const signed = Buffer.concat([header(type, body.length + 24, id), body]);
  const mac = createHmac('sha1', key).update(signed).digest();
  return Buffer.concat([signed, attr(ATTR.messageIntegrity, mac)]);
}

function decode(buf: Buffer): TMessage | null {
  if (buf.length < 20 || buf.readUInt32BE(4) !== COOKIE) return null;
  const attrs: TAttr[] = [];
  const end = Math.min(buf.length, 20 + buf.readUInt16BE(2));
  for (let at = 20; at + 4 <= end; ) {
    const type = buf.readUInt16BE(at);
    const length = buf.readUInt16BE(at + 2);
    attrs.push({ type, value: buf.subarray(at + 4, at + 4 + length) });
    at += 4 + length + ((4 - (length % 4)) % 4);
  }
  return { type: buf.readUInt16BE(0), id: buf.subarray(8, 20), attrs };
}

const find = (m: TMessage, type: number) => m.attrs.find((a) => a.type === type)?.value;

function xorAddress(value: Buffer): { address: string; port: number } {
  const port = value.readUInt16BE(2) ^ (COOKIE >>> 16);
  const ip = (value.readUInt32BE(4) ^ COOKIE) >>> 0;
  return { address: [24, 16, 8, 0].map((s) => (ip >>> s) & 0xff).join('.'), port };
}

function errorOf(m: TMessage): { code: number; reason: string } | null {
  const v = find(m, ATTR.errorCode);
  if (!v) return null;
  return { code: (v[2]! & 0x7) * 100 + v[3]!, reason: v.subarray(4).toString('utf8') };
}

/**
 * Sends one request from `socket` and waits for the answer with the same transaction id (UDP: resent every
 * 250 ms). The TURN server ties its nonce to the client's address and port, so one Allocate exchange keeps one socket.
 */
function transact(
  socket: Socket,
  host: string,
  port: number,
  build: (id: Buffer) => Buffer,
  timeoutMs: number,
): Promise<TMessage> {
  const id = randomBytes(12);
  const packet = build(id);
  return new Promise<TMessage>((resolve, reject) => {
    const resend = setInterval(() => socket.send(packet, port, host), 250);
    const onMessage = (buf: Buffer) => {
      const m = decode(buf);
      if (m?.id.equals(id)) done(() => resolve(m));
    };
    const onError = (e: Error) => done(() => reject(e));
    const done = (f: () => void) => {
      clearInterval(resend);
      clearTimeout(timer);
      socket.off('message', onMessage);
      socket.off('error', onError);
      f();
    };
    const timer = setTimeout(() => done(() => reject(new Error(`no STUN answer from ${host}:${port}`))), timeoutMs);
    socket.on('message', onMessage);
    socket.on('error', onError);
    socket.send(packet, port, host);
  });
}

async function withSocket<T>(f: (socket: Socket) => Promise<T>): Promise<T> {
  const socket = createSocket('udp4');
  try {
    return await f(socket);
  } finally {
    socket.close();
  }
}

/** A STUN Binding request: resolves with the address the server saw, once it answers. */
export async function stunBinding(
  host: string,
  port: number,
  timeoutMs = 1_000,
): Promise<{ address: string; port: number }> {
  const m = await withSocket((socket) => transact(socket, host, port, (id) => encode(TYPE.binding, id, []), timeoutMs));
  const mapped = find(m, ATTR.xorMappedAddress);
  if (!mapped) throw new Error('Binding answer without XOR-MAPPED-ADDRESS');
  return xorAddress(mapped);
}

export type TAllocation =
  | { ok: true; relayed: { address: string; port: number } }
  | { ok: false; code: number; reason: string };

/** A TURN Allocate (UDP relay) with the long-term credential, as a browser's ICE agent makes it. */
export async function turnAllocate(
  o: { host: string; port: number; username: string; password: string },
  timeoutMs = 3_000,
): Promise<TAllocation> {
  return withSocket((socket) => allocateOn(socket, o, timeoutMs));
}

async function allocateOn(
  socket: Socket,
  o: { host: string; port: number; username: string; password: string },
  timeoutMs: number,
): Promise<TAllocation> {
  const transport = attr(ATTR.requestedTransport, Buffer.from([17, 0, 0, 0])); // 17: UDP
  const challenge = await transact(socket, o.host, o.port, (id) => encode(TYPE.allocate, id, [transport]), timeoutMs);
  const realm = find(challenge, ATTR.realm);
  const nonce = find(challenge, ATTR.nonce);
  const first = errorOf(challenge);
  if (!realm || !nonce || first?.code !== 401) {
    return { ok: false, code: first?.code ?? 0, reason: `unexpected challenge ${first?.reason ?? ''}` };
  }
  const key = createHash('md5')
    .update(`${o.username}:${realm.toString('utf8')}:${o.password}`)
    .digest();
  const answer = await transact(
    socket,
    o.host,
    o.port,
    (id) =>
      encode(
        TYPE.allocate,
        id,
        [transport, attr(ATTR.username, Buffer.from(o.username)), attr(ATTR.realm, realm), attr(ATTR.nonce, nonce)],
        key,
      ),
    timeoutMs,
  );
  const error = errorOf(answer);
  if (error) return { ok: false, ...error };
  const relayed = find(answer, ATTR.xorRelayedAddress);
  if (!relayed) return { ok: false, code: 0, reason: 'success without XOR-RELAYED-ADDRESS' };
  return { ok: true, relayed: xorAddress(relayed) };
}
