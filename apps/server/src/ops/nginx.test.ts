import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { request } from 'node:https';
import { join } from 'node:path';
import { ZMessage, ZSendMessageAck } from '@rounds/contracts/chat';
import { ZUploadImagesReply } from '@rounds/contracts/chat-files';
import { PROXY_SNIPPET, startNginx } from '@rounds/test-kit/nginx';
import { freePort, processStore, startServerProcess, untilServing } from '@rounds/test-kit/server-process';
import sharp from 'sharp';
import { io, type Socket } from 'socket.io-client';
import { afterAll, describe, expect, it } from 'vitest';
import { multipart } from '../../test/support/multipart';
import { openDatabase } from '../db/database';
import { DEMO_EMAIL_DOMAIN, DEMO_PASSWORD } from './seed-demo';

/**
 * Rounds behind Debian's nginx terminating TLS (a certificate made by openssl now), with README's proxy
 * locations: sign in, a message over the websocket, an upload and its download. Clients connect from their own
 * loopback addresses (127.0.0.2, 127.0.0.3; nginx reaches Rounds from 127.0.0.1), so the audit log shows whether
 * TRUST_PROXY takes the real client address, and one client forges X-Forwarded-For to show it cannot choose it.
 */
const { dir: dataDir, schema, drop } = processStore('proxy');
afterAll(drop);

type Reply = { status: number; headers: Record<string, string | string[] | undefined>; body: Buffer };

/** HTTPS from a chosen local address, trusting only the test's certificate. */
function https(
  url: string,
  o: { ca: string; from: string; method?: string; headers?: Record<string, string>; body?: Buffer | string },
): Promise<Reply> {
  return new Promise((resolve, reject) => {
    const req = request(
      url,
      { method: o.method ?? 'GET', headers: o.headers, ca: o.ca, localAddress: o.from },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }),
        );
      },
    );
    req.on('error', reject);
    req.end(o.body);
  });
}

describe('behind nginx with TLS', () => {
  it('signs in, chats over the websocket and uploads, with the real client addresses in the audit log', async () => {
    const port = await freePort();
    const server = startServerProcess({
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      SEED_DEMO: 'true',
      LOG_LEVEL: 'info',
      TRUST_PROXY: 'true',
      ...(schema ? { DATABASE_SCHEMA: schema } : {}),
    });
    const nginx = await startNginx([port]);
    try {
      await untilServing(server);
      const base = nginx.base;
      const json = async (r: Promise<Reply>) => {
        const res = await r;
        if (res.status !== 200) throw new Error(`${res.status} ${res.body}`);
        return JSON.parse(res.body.toString('utf8'));
      };
      const login = async (name: string, from: string, forged?: string) => {
        const body = JSON.stringify({ username: `${name}@${DEMO_EMAIL_DOMAIN}`, password: DEMO_PASSWORD });
        const reply = await json(
          https(`${base}/api/v1/auth/login`, {
            ca: nginx.ca,
            from,
            method: 'POST',
            headers: { 'content-type': 'application/json', ...(forged ? { 'x-forwarded-for': forged } : {}) },
            body,
          }),
        );
        return { token: reply.token as string, id: reply.user.id as string, from };
      };
      // A staff member (the demo's FacilityAdmin would be asked her second factor, which this test is not about).
      const ana = await login('liam.hebert', '127.0.0.2', '203.0.113.66');
      const noah = await login('noah.thibodeaux', '127.0.0.3');
      const apiPost = (who: typeof ana, path: string, payload: unknown) =>
        json(
          https(`${base}/api/v1${path}`, {
            ca: nginx.ca,
            from: who.from,
            method: 'POST',
            headers: { 'content-type': 'application/json', authorization: `Bearer ${who.token}` },
            body: JSON.stringify(payload),
          }),
        );
      const room = await apiPost(ana, '/chat-room', {
        type: 'group',
        name: 'Behind the proxy',
        participants: [noah.id],
      });
      const twId = room.data.chatRoom.id as string;

      // An upload streamed through nginx, and read back.
      const png = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#10ac84' } })
        .png()
        .toBuffer();
      const form = multipart([{ filename: 'xray.png', type: 'image/png', bytes: png }]);
      const uploaded = ZUploadImagesReply.parse(
        await json(
          https(`${base}/api/v1/chat-room/upload-chat-images`, {
            ca: nginx.ca,
            from: ana.from,
            method: 'POST',
            headers: { ...form.headers, authorization: `Bearer ${ana.token}` },
            body: form.payload,
          }),
        ),
      );
      const key = uploaded.data.files[0]!.Key;

      // Both on the websocket through the proxy; a message with the image goes from one to the other.
      const connect = (who: typeof ana) =>
        new Promise<Socket>((resolve, reject) => {
          const s = io(base, {
            path: '/server/socket.io',
            query: { token: who.token, uuid: randomUUID() },
            transports: ['websocket'],
            ca: nginx.ca,
            localAddress: who.from,
            reconnection: false,
          } as Parameters<typeof io>[1]);
          s.once('connect', () => resolve(s));
          s.once('connect_error', reject);
        });
      const [anaSocket, noahSocket] = await Promise.all([connect(ana), connect(noah)]);
      expect(anaSocket.io.engine.transport.name).toBe('websocket');
      const received = new Promise<unknown>((resolve) => noahSocket.once('NewMessage', resolve));
      const ack = ZSendMessageAck.parse(
        await anaSocket
          .timeout(5_000)
          .emitWithAck('SendMessage', { clientId: randomUUID(), twId, body: 'through TLS', files: [key] }),
      );
      expect(ack.ok).toBe(true);
      const message = ZMessage.parse(await received);
      expect(message.body).toBe('through TLS');
      expect(message.files.map((f) => f.key)).toEqual([key]);
      const image = await https(`${base}/api/v1/chat-room/image?key=${key}`, {
        ca: nginx.ca,
        from: noah.from,
        headers: { authorization: `Bearer ${noah.token}` },
      });
      expect(image.status).toBe(200);
      expect(image.body.equals(png)).toBe(true);
      anaSocket.disconnect();
      noahSocket.disconnect();

      // Metrics are not for the outside, even though nginx connects from loopback.
      expect((await https(`${base}/metrics`, { ca: nginx.ca, from: '127.0.0.2' })).status).toBe(403);

      // The audit log has each client's own address: not nginx's, not the forged one.
      const handle = await openDatabase({ dataDir, databaseUrl: process.env.DATABASE_URL, schema });
      const logins = await handle.db
        .selectFrom('audit_logs')
        .select(['user_id', 'ip'])
        .where('event', '=', 'login')
        .where('user_id', 'in', [ana.id, noah.id])
        .execute();
      await handle.close();
      expect(logins).toHaveLength(2);
      expect(logins.find((l) => l.user_id === ana.id)?.ip).toBe('127.0.0.2');
      expect(logins.find((l) => l.user_id === noah.id)?.ip).toBe('127.0.0.3');

      // nginx logged the socket upgrade (101) without the token of its query string. It writes that line when the
      // upgraded connection has ended, which on a busy machine can come a moment after the client let go.
      const upgrade = /^127\.0\.0\.3 .*"GET \/server\/socket\.io\/ HTTP\/1\.1" 101/m;
      await expect.poll(() => nginx.accessLog(), { timeout: 10_000 }).toMatch(upgrade);
      const access = nginx.accessLog();
      expect(access).not.toContain(ana.token);
      expect(access).not.toContain('token=');
    } finally {
      server.child.kill('SIGTERM');
      await server.exited;
      await nginx.stop();
    }
    // README shows the very locations this test ran behind.
    const readme = readFileSync(join(PROXY_SNIPPET, '..', '..', '..', 'README.md'), 'utf8');
    expect(readme).toContain(readFileSync(PROXY_SNIPPET, 'utf8').trim());
  }, 90_000);
});
