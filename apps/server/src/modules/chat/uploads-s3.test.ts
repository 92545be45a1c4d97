import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chatFileRoutes, ZUploadImagesReply } from '@rounds/contracts/chat-files';
import { freePort } from '@rounds/test-kit/server-process';
// @ts-expect-error s3rver ships no types; it is a test double of an S3 endpoint, not our code.
import S3rver from 's3rver';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callRoute } from '../../../test/support/call-route';
import { member } from '../../../test/support/chat';
import { createTestApp, type TestApp } from '../../../test/support/test-app';

/** The same upload path against an S3-compatible endpoint (s3rver, a local S3 implementation). */
const dir = mkdtempSync(join(tmpdir(), 'rounds-s3-'));
let s3: { close: () => Promise<void> };
let t: TestApp;
let PNG: Buffer;
beforeAll(async () => {
  const port = await freePort();
  s3 = new S3rver({
    port,
    address: '127.0.0.1',
    silent: true,
    directory: dir,
    configureBuckets: [{ name: 'rounds-files' }],
  });
  await (s3 as unknown as { run: () => Promise<unknown> }).run();
  t = await createTestApp({
    S3_BUCKET: 'rounds-files',
    S3_ENDPOINT: `http://127.0.0.1:${port}`,
    S3_ACCESS_KEY_ID: 'S3RVER',
    S3_SECRET_ACCESS_KEY: 'S3RVER',
  });
  PNG = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#2e86de' } })
    .png()
    .toBuffer();
});
afterAll(async () => {
  await t?.close();
  await s3?.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('chat files on S3', () => {
  it('stores the upload in the bucket and serves it back to its uploader only', async () => {
    const [a, b] = await Promise.all([member(t), member(t)]);
    const res = await callRoute(t.app, chatFileRoutes.uploadImages, {
      token: a.token,
      multipart: [{ filename: 'xray.png', type: 'image/png', bytes: PNG }],
    });
    expect(res.statusCode, res.body).toBe(200);
    const key = ZUploadImagesReply.parse(res.json()).data.files[0]!.Key;
    const get = (token: string) => callRoute(t.app, chatFileRoutes.file, { token, query: { key } });
    const mine = await get(a.token);
    expect(mine.statusCode).toBe(200);
    expect(mine.rawPayload.equals(PNG)).toBe(true);
    expect((await get(b.token)).statusCode).toBe(404);
    const del = await callRoute(t.app, chatFileRoutes.removeUpload, { token: a.token, query: { key } });
    expect(del.statusCode).toBe(200);
    expect((await get(a.token)).statusCode).toBe(404);
  });
});
