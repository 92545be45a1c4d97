import { request } from 'node:http';
import { startRedis } from '@rounds/test-kit/redis';
import { startS3 } from '@rounds/test-kit/s3';
import { freePort, processStore, startServerProcess, untilServing } from '@rounds/test-kit/server-process';
import sharp from 'sharp';
import { io, type Socket } from 'socket.io-client';
import { describe, expect, it } from 'vitest';
import { onPresence, type PresenceHeard } from '../../test/support/chat';
import { createGroup, loginDemo, uploadImage } from '../../test/support/live-client';
import { openDatabase } from '../db/database';

/**
 * WORKERS=2: `npm start`'s main.ts runs two worker processes on one port (node:cluster) over PostgreSQL, Redis
 * and S3 (s3rver). Two clients on different workers get each other's messages and presence; an upload through
 * one worker is read through the other; a killed worker is replaced; SIGTERM stops them all gracefully. On the
 * embedded database, WORKERS>1 is refused at start with one line.
 */
const onPostgres = !!process.env.DATABASE_URL;

/** A GET on a fresh connection (node:cluster hands each new connection to the next worker). */
function getFresh(url: string, token: string): Promise<{ status: number; bytes: Buffer }> {
  return new Promise((resolve, reject) => {
    const req = request(url, { agent: false, headers: { authorization: `Bearer ${token}` } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, bytes: Buffer.concat(chunks) }));
    });
    req.on('error', reject);
    req.end();
  });
}

describe('WORKERS', () => {
  // Whichever engine this pass runs on, the process started here has none configured: the embedded one.
  it('refuses more than one worker on the embedded database, in one line', async () => {
    const { dir, drop } = processStore('workers');
    try {
      const p = startServerProcess({ WORKERS: '2', DATA_DIR: dir, PORT: String(await freePort()), DATABASE_URL: '' });
      expect(await p.exited).toBe(1);
      expect(p.output().trim()).toBe(
        'Invalid environment variable WORKERS: 2 processes need DATABASE_URL (PostgreSQL) and REDIS_URL; the embedded database serves one process',
      );
    } finally {
      await drop();
    }
  });

  // Several workers need PostgreSQL: this one belongs to the PostgreSQL pass of .ci/run.
  if (onPostgres)
    it('serves one port from two workers over PostgreSQL, Redis and S3', async () => {
      const { dir, schema, drop } = processStore('workers');
      const [redis, s3] = await Promise.all([startRedis(), startS3()]);
      const port = await freePort();
      const base = `http://127.0.0.1:${port}`;
      const server = startServerProcess({
        WORKERS: '2',
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: dir,
        DATABASE_SCHEMA: schema!,
        REDIS_URL: redis.url,
        SEED_DEMO: 'true',
        LOGIN_RATE_LIMIT: '1000',
        ...s3.env,
      });
      const sockets: Socket[] = [];
      try {
        await untilServing(server, 60_000);
        expect(server.output()).toContain('with 2 workers');
        const [ana, ben] = await Promise.all(['amelia.broussard', 'noah.thibodeaux'].map((n) => loginDemo(base, n)));
        const twId = await createGroup(base, ana!, [ben!], 'Across workers');
        const handle = await openDatabase({ dataDir: dir, databaseUrl: process.env.DATABASE_URL, schema });
        const workerOf = async (socket: Socket) => {
          for (let i = 0; i < 100; i++) {
            const row = await handle.db
              .selectFrom('presence')
              .select('server_id')
              .where('socket_id', '=', socket.id!)
              .executeTakeFirst();
            if (row) return row.server_id;
            await new Promise((r) => setTimeout(r, 50));
          }
          throw new Error('socket not in presence');
        };
        const open = (token: string) =>
          new Promise<Socket>((resolve, reject) => {
            const s = io(base, {
              path: '/server/socket.io',
              query: { token, uuid: crypto.randomUUID() },
              transports: ['websocket'],
              reconnection: false,
            });
            sockets.push(s);
            s.once('connect', () => resolve(s));
            s.once('connect_error', reject);
          });

        const benSocket = await open(ben!.token);
        const heard: PresenceHeard[] = [];
        onPresence(benSocket, (p) => p.userId === ana!.id && heard.push(p));
        const inbox: string[] = [];
        benSocket.on('NewMessage', (m: { body: string }) => inbox.push(m.body));
        // Connections go to the workers in turn: Ana's socket lands on the other worker within a few tries.
        let anaSocket = await open(ana!.token);
        while ((await workerOf(anaSocket)) === (await workerOf(benSocket))) {
          anaSocket.disconnect();
          anaSocket = await open(ana!.token);
        }
        const until = async (check: () => boolean) => {
          for (let i = 0; i < 200 && !check(); i++) await new Promise((r) => setTimeout(r, 50));
          expect(check()).toBe(true);
        };
        await until(() => heard.at(-1)?.connected === true);
        expect(heard.at(-1)).toMatchObject({ event: 'UserOnline', connected: true });
        const ack = (await anaSocket
          .timeout(10_000)
          .emitWithAck('SendMessage', { clientId: crypto.randomUUID(), twId, body: 'across workers' })) as {
          ok: boolean;
        };
        expect(ack.ok).toBe(true);
        await until(() => inbox.includes('across workers'));
        anaSocket.disconnect();
        await until(() => heard.at(-1)?.connected === false);

        // An upload through one worker, read through each (fresh connections alternate between them).
        const png = await sharp({ create: { width: 32, height: 32, channels: 3, background: '#0a7' } })
          .png()
          .toBuffer();
        const key = await uploadImage(base, ana!.token, { filename: 'chart.png', type: 'image/png', bytes: png });
        expect(s3.files().length).toBeGreaterThan(0);
        const reads = await Promise.all(
          Array.from({ length: 4 }, () => getFresh(`${base}/api/v1/chat-room/image?key=${key}`, ana!.token)),
        );
        expect(reads.map((r) => r.status)).toEqual([200, 200, 200, 200]);
        expect(reads.every((r) => r.bytes.length > 0)).toBe(true);

        // A worker that dies is replaced; the port keeps serving.
        const workerPids = [...server.output().matchAll(/pid (\d+)\) is listening/g)].map((m) => Number(m[1]));
        expect(new Set(workerPids).size).toBe(2);
        process.kill(workerPids[0]!, 'SIGKILL');
        await until(() => [...server.output().matchAll(/is listening/g)].length === 3);
        expect((await fetch(`${base}/readyz`)).status).toBe(200);
        await handle.close();
      } finally {
        for (const s of sockets) s.disconnect();
        server.child.kill('SIGTERM');
        // A worker that does not stop cleanly makes the primary exit 1 (once on PostgreSQL under CI's load): its
        // last lines say which and why.
        expect(await server.exited, server.output().slice(-3_000)).toBe(0);
        await Promise.all([redis.stop(), s3.stop()]);
        await drop();
      }
    }, 120_000);
});
