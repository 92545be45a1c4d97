import { ZSendMessageAck } from '@rounds/contracts/chat';
import { chatFileRoutes, ZUploadImagesReply } from '@rounds/contracts/chat-files';
import { type RedisServer, startRedis } from '@rounds/test-kit/redis';
import { type S3Server, startS3 } from '@rounds/test-kit/s3';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callRoute } from '../../test/support/call-route';
import { collect, directRoom, emitAck, member, openSocket } from '../../test/support/chat';
import { createTestApp, type TestApp } from '../../test/support/test-app';

/**
 * Two server processes' worth of apps on one database and one Redis: a user connected to one hears, at once,
 * what a user connected to the other sends, and sees them online; files go to S3 (s3rver), so an upload through
 * one is read through the other. (redis-server comes with `npm test`.)
 */
let redis: RedisServer;
let s3: S3Server;
let first: TestApp;
let second: TestApp;
beforeAll(async () => {
  redis = await startRedis();
  s3 = await startS3();
  first = await createTestApp({ REDIS_URL: redis.url, ...s3.env });
  second = await createTestApp(
    { REDIS_URL: redis.url, DATA_DIR: first.config.DATA_DIR, ...s3.env },
    { schema: first.schema },
  );
  await Promise.all([first.listen(), second.listen()]);
});
afterAll(async () => {
  await second?.close({ keepData: true });
  await first?.close();
  await redis?.stop();
  await s3?.stop();
});

describe('scale-out through Redis', () => {
  it('delivers messages and presence between users on different processes', async () => {
    const [a, b] = await Promise.all([member(first, 'Ana'), member(first, 'Ben')]);
    const room = await directRoom(first, a, b);
    const bSocket = await openSocket(second, b);
    const online = collect<{ userId: string; connected: boolean }>(bSocket, 'UserOnline');
    const inbox = collect<{ body: string }>(bSocket, 'NewMessage');
    const aSocket = await openSocket(first, a);
    expect(await online.next((p) => p.userId === a.id)).toMatchObject({ connected: true });
    const ack = ZSendMessageAck.parse(
      await emitAck(aSocket, 'SendMessage', { clientId: crypto.randomUUID(), twId: room.id, body: 'across processes' }),
    );
    expect(ack.ok).toBe(true);
    expect((await inbox.next()).body).toBe('across processes');
  });

  it('reads through one process a file uploaded through the other', async () => {
    const a = await member(first, 'Ana');
    const png = await sharp({ create: { width: 16, height: 16, channels: 3, background: '#123' } })
      .png()
      .toBuffer();
    const up = await callRoute(first.app, chatFileRoutes.uploadImages, {
      multipart: [{ filename: 'chart.png', type: 'image/png', bytes: png }],
      token: a.token,
    });
    expect(up.statusCode, up.body).toBe(200);
    const key = ZUploadImagesReply.parse(up.json()).data.files[0]!.Key;
    expect(s3.files().length).toBeGreaterThan(0);
    const read = await callRoute(second.app, chatFileRoutes.file, { query: { key }, token: a.token });
    expect(read.statusCode).toBe(200);
    expect(read.rawPayload.length).toBeGreaterThan(0);
  });

  it('shares one socket rate budget per user between the processes', async () => {
    const max = first.config.SOCKET_RATE_LIMIT_MAX;
    const u = await member(first, 'Uma');
    // One tab on each process: together they get the budget once, not twice.
    const [onFirst, onSecond] = await Promise.all([openSocket(first, u), openSocket(second, u)]);
    const burst = (socket: typeof onFirst) =>
      Promise.all(Array.from({ length: max }, () => emitAck<{ at?: number; code?: string }>(socket, 'Ping', {})));
    const replies = (await Promise.all([burst(onFirst), burst(onSecond)])).flat();
    expect(replies.filter((r) => typeof r.at === 'number')).toHaveLength(max);
    expect(replies.filter((r) => r.code === 'RATE_LIMITED')).toHaveLength(max);
  });
});
