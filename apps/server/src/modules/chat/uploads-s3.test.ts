import { chatFileRoutes, ZUploadImagesReply } from '@rounds/contracts/chat-files';
import { type S3Server, startS3 } from '@rounds/test-kit/s3';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callRoute } from '../../../test/support/call-route';
import { member } from '../../../test/support/chat';
import { createTestApp, type TestApp } from '../../../test/support/test-app';

/** The same upload path against an S3-compatible endpoint (s3rver, a local S3 implementation). */
let s3: S3Server;
let t: TestApp;
let PNG: Buffer;
beforeAll(async () => {
  s3 = await startS3();
  t = await createTestApp(s3.env);
  PNG = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#2e86de' } })
    .png()
    .toBuffer();
});
afterAll(async () => {
  await t?.close();
  await s3?.stop();
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
