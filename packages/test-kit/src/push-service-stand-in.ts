import { createDecipheriv, createECDH, hkdfSync, randomBytes, randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:https';
import { type TPushPayload, type TPushSubscription, ZPushPayload } from '@rounds/contracts/push';
import { importJWK, jwtVerify } from 'jose';
import { ensurePushCertificate } from './push-certificate';

/** One push the stand-in accepted: its headers and the payload it decrypted. */
export type ReceivedPush = {
  subscription: string;
  ttl: number;
  urgency: string;
  topic: string | null;
  payload: TPushPayload;
  at: number;
};

type Answer = { status: number; headers?: Record<string, string> };

/**
 * A Web Push service on loopback over HTTPS (RFC 8030) with a certificate the server trusts through
 * NODE_EXTRA_CA_CERTS. Each push must carry a VAPID JWT (RFC 8292) for this origin, not expired, with a
 * subject, signed ES256 by the server's public key; its aes128gcm body (RFC 8188) is decrypted with the
 * subscription's private key (RFC 8291). Accepted pushes are recorded; a test can have the next answers be
 * 410, 500 or 429.
 */
export async function pushServiceStandIn(o: { vapidPublicKey: string; certDir?: string }) {
  const dir = o.certDir ?? process.env.PUSH_STAND_IN_CERT_DIR;
  if (!dir) throw new Error('no certificate: run under the server tests global setup or pass certDir');
  const { cert, key } = ensurePushCertificate(dir);
  const keys = new Map<string, { ecdh: ReturnType<typeof createECDH>; auth: Buffer }>();
  const received: ReceivedPush[] = [];
  const refused: { subscription: string; reason: string }[] = [];
  /** Answers to give instead of 201, per subscription ('*': any), in order. */
  const answers = new Map<string, Answer[]>();
  const waiters = new Set<() => void>();
  let origin = '';
  const vapidKey = await importJWK(publicJwk(Buffer.from(o.vapidPublicKey, 'base64url')), 'ES256');

  const check = async (headers: Record<string, string | string[] | undefined>): Promise<string | null> => {
    const auth = String(headers.authorization ?? '');
    const m = /^vapid t=([^,\s]+),\s*k=([A-Za-z0-9_-]+)$/.exec(auth);
    if (!m) return 'no vapid authorization';
    if (m[2] !== o.vapidPublicKey) return 'k is not the server public key';
    try {
      const { payload, protectedHeader } = await jwtVerify(m[1]!, vapidKey, {
        algorithms: ['ES256'],
        audience: origin,
      });
      if (protectedHeader.alg !== 'ES256') return 'not ES256';
      if (typeof payload.exp !== 'number' || payload.exp > Date.now() / 1000 + 24 * 3600) return 'exp over 24 h';
      if (typeof payload.sub !== 'string' || !/^(mailto:|https:)/.test(payload.sub)) return 'bad sub';
    } catch (err) {
      return `jwt: ${(err as Error).message}`;
    }
    if (headers['content-encoding'] !== 'aes128gcm') return 'not aes128gcm';
    if (!/^\d+$/.test(String(headers.ttl ?? ''))) return 'no TTL';
    return null;
  };

  const server = createServer({ cert: readFileSync(cert), key: readFileSync(key) }, (req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      void (async () => {
        const id = /^\/push\/([\w-]+)$/.exec(req.url ?? '')?.[1] ?? '';
        const sub = keys.get(id);
        if (req.method !== 'POST' || !sub) return void res.writeHead(404).end();
        const queued = answers.get(id)?.shift() ?? answers.get('*')?.shift();
        if (queued) return void res.writeHead(queued.status, queued.headers ?? {}).end();
        const problem = await check(req.headers);
        if (problem) {
          refused.push({ subscription: id, reason: problem });
          return void res.writeHead(403).end(problem);
        }
        let payload: TPushPayload;
        try {
          payload = ZPushPayload.parse(JSON.parse(decrypt(Buffer.concat(chunks), sub.ecdh, sub.auth)));
        } catch (err) {
          refused.push({ subscription: id, reason: `payload: ${(err as Error).message}` });
          return void res.writeHead(400).end();
        }
        received.push({
          subscription: id,
          ttl: Number(req.headers.ttl),
          urgency: String(req.headers.urgency ?? 'normal'),
          topic: req.headers.topic ? String(req.headers.topic) : null,
          payload,
          at: Date.now(),
        });
        res.writeHead(201, { location: `${origin}/message/${randomUUID()}` }).end();
        for (const w of waiters) w();
      })();
    });
  });
  server.keepAliveTimeout = 30_000;
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  origin = `https://127.0.0.1:${(server.address() as { port: number }).port}`;

  return {
    origin,
    received,
    refused,
    /** A browser's new subscription (PushSubscription.toJSON()), whose pushes this stand-in can decrypt. */
    subscription: (): TPushSubscription & { id: string } => {
      const id = randomUUID();
      const ecdh = createECDH('prime256v1');
      ecdh.generateKeys();
      const auth = randomBytes(16);
      keys.set(id, { ecdh, auth });
      return {
        id,
        endpoint: `${origin}/push/${id}`,
        expirationTime: null,
        keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth: auth.toString('base64url') },
      };
    },
    /** The next answers for a subscription ('*': any) instead of 201, e.g. 410, 500, or 429 with Retry-After. */
    answer: (subscription: string, ...next: Answer[]) =>
      answers.set(subscription, [...(answers.get(subscription) ?? []), ...next]),
    pushesTo: (subscription: string) => received.filter((r) => r.subscription === subscription),
    /** Until `match` holds of the pushes received, within `ms`. */
    until: (match: (r: ReceivedPush[]) => boolean, ms = 10_000) =>
      new Promise<void>((resolve, reject) => {
        if (match(received)) return resolve();
        const timer = setTimeout(() => {
          waiters.delete(w);
          reject(new Error(`push stand-in: still waiting after ${ms} ms (${received.length} received)`));
        }, ms);
        const w = () => {
          if (!match(received)) return;
          clearTimeout(timer);
          waiters.delete(w);
          resolve();
        };
        waiters.add(w);
      }),
    close: () =>
      new Promise<void>((r) => {
        server.closeAllConnections();
        server.close(() => r());
      }),
  };
}

export type PushServiceStandIn = Awaited<ReturnType<typeof pushServiceStandIn>>;

/** The JWK of an uncompressed P-256 point (0x04 | x | y). */
function publicJwk(point: Buffer) {
  return {
    kty: 'EC',
    crv: 'P-256',
    x: point.subarray(1, 33).toString('base64url'),
    y: point.subarray(33, 65).toString('base64url'),
  };
}

/** RFC 8291 + RFC 8188: one aes128gcm record, decrypted with the user agent's key pair and auth secret. */
function decrypt(body: Buffer, ecdh: ReturnType<typeof createECDH>, auth: Buffer): string {
  const salt = body.subarray(0, 16);
  const rs = body.readUInt32BE(16);
  const idlen = body[20]!;
  const serverKey = body.subarray(21, 21 + idlen);
  const record = body.subarray(21 + idlen);
  if (record.length > rs) throw new Error('more than one record');
  const shared = ecdh.computeSecret(serverKey);
  const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), ecdh.getPublicKey(), serverKey]);
  const ikm = Buffer.from(hkdfSync('sha256', shared, auth, keyInfo, 32));
  const cek = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: aes128gcm\0'), 16));
  const nonce = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: nonce\0'), 12));
  const decipher = createDecipheriv('aes-128-gcm', cek, nonce);
  decipher.setAuthTag(record.subarray(record.length - 16));
  const padded = Buffer.concat([decipher.update(record.subarray(0, record.length - 16)), decipher.final()]);
  let end = padded.length - 1;
  while (end >= 0 && padded[end] === 0) end -= 1;
  if (padded[end] !== 2) throw new Error('no last-record delimiter');
  return padded.subarray(0, end).toString('utf8');
}
