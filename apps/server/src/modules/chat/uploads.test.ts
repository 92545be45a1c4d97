import { accountRoutes } from '@rounds/contracts/account';
import { routeUrl } from '@rounds/contracts/api-route';
import { chatRoomRoutes } from '@rounds/contracts/chat';
import { CHAT_FILE_TEXTS, chatFileRoutes, ZUploadImagesReply } from '@rounds/contracts/chat-files';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callRoute } from '../../../test/support/call-route';
import { callAs, directRoom, emitAck, type Member, member, openSocket, sendMessage } from '../../../test/support/chat';
import type { Part } from '../../../test/support/multipart';
import { createTestApp, type TestApp } from '../../../test/support/test-app';

let t: TestApp;
let PNG: Buffer;
let JPEG: Buffer;
beforeAll(async () => {
  t = await createTestApp();
  await t.listen();
  const image = sharp({ create: { width: 800, height: 600, channels: 3, background: '#c0392b' } });
  PNG = await image.clone().png().toBuffer();
  JPEG = await image.clone().jpeg().toBuffer();
});
afterAll(() => t.close());

const MB = 1024 * 1024;
const upload = (m: Member, parts: Part[]) =>
  callRoute(t.app, chatFileRoutes.uploadImages, { token: m.token, multipart: parts });
const uploadVoice = (m: Member, parts: Part[]) =>
  callRoute(t.app, chatFileRoutes.uploadAudio, { token: m.token, multipart: parts });
type TUploadRoute =
  | typeof chatFileRoutes.uploadImages
  | typeof chatFileRoutes.uploadAudio
  | typeof accountRoutes.uploadAvatar;
const fetchFile = (m: Member, key: string, thumb = false) =>
  callRoute(t.app, chatFileRoutes.file, {
    token: m.token,
    query: { key, thumb: thumb ? '1' : undefined, cb: String(Math.random()) },
  });
const withdraw = (m: Member, key: string) =>
  callRoute(t.app, chatFileRoutes.removeUpload, { token: m.token, query: { key } });
const pathOf = (route: TUploadRoute) => routeUrl(route);
/** A body that is not the multipart it claims, which no client of the contract would send. */
// Raw: the body is a malformed multipart that callRoute's well-formed form cannot express.
const rawUpload = (m: Member, route: TUploadRoute, contentType: string, payload: string | Buffer) =>
  t.app.inject({
    method: 'POST',
    url: pathOf(route),
    headers: { authorization: `Bearer ${m.token}`, 'content-type': contentType },
    payload,
  });

/** Every multipart route. */
const UPLOAD_ROUTES = [chatFileRoutes.uploadImages, chatFileRoutes.uploadAudio, accountRoutes.uploadAvatar];

describe('chat files', () => {
  it('stores images by their bytes, readable by the uploader, then by the room it was sent to', async () => {
    const [a, b, outsider] = await Promise.all([member(t), member(t), member(t)]);
    const res = await upload(a, [
      { filename: 'wound.png', type: 'image/png', bytes: PNG },
      { filename: 'wound.jpg', type: 'image/jpeg', bytes: JPEG },
    ]);
    expect(res.statusCode, res.body).toBe(200);
    const files = ZUploadImagesReply.parse(res.json()).data.files;
    expect(files.map((f) => [f.name, f.type, f.size])).toEqual([
      ['wound.png', 'image/png', PNG.length],
      ['wound.jpg', 'image/jpeg', JPEG.length],
    ]);
    const key = files[0]!.Key;
    expect(key).toMatch(/^[0-9a-f]{32}$/);

    const mine = await fetchFile(a, key);
    expect(mine.statusCode).toBe(200);
    expect(mine.rawPayload.equals(PNG)).toBe(true);
    expect(mine.headers).toMatchObject({ 'content-type': 'image/png', 'x-content-type-options': 'nosniff' });
    expect(String(mine.headers['content-security-policy'])).toContain('sandbox');
    expect((await fetchFile(b, key)).statusCode).toBe(404);

    const room = await directRoom(t, a, b);
    const socket = await openSocket(t, a);
    const ack = await sendMessage(socket, { twId: room.id, body: '', files: files.map((f) => f.Key) });
    expect(ack.ok).toBe(true);
    if (!ack.ok) return;
    expect(ack.message.files.map((f) => f.name)).toEqual(['wound.png', 'wound.jpg']);
    expect((await fetchFile(b, key)).rawPayload.equals(PNG)).toBe(true);
    expect((await fetchFile(outsider, key)).statusCode).toBe(404);
    const thumb = await fetchFile(b, key, true);
    expect(thumb.statusCode).toBe(200);
    expect(thumb.headers['content-type']).toBe('image/webp');
    expect((await sharp(thumb.rawPayload).metadata()).width).toBe(480);

    // Sent files are not withdrawn, nor sent again with another message.
    expect((await withdraw(a, key)).statusCode).toBe(404);
    const again = await emitAck(socket, 'SendMessage', {
      clientId: crypto.randomUUID(),
      twId: room.id,
      body: 'x',
      files: [key],
    });
    expect(again).toMatchObject({ ok: false, code: 'FILE_NOT_FOUND', message: CHAT_FILE_TEXTS.notUploaded });
    // Nobody sends another user's upload.
    const [other] = ZUploadImagesReply.parse(
      (await upload(b, [{ filename: 'b.png', type: 'image/png', bytes: PNG }])).json(),
    ).data.files;
    const stolen = await emitAck(socket, 'SendMessage', {
      clientId: crypto.randomUUID(),
      twId: room.id,
      body: 'x',
      files: [other!.Key],
    });
    expect(stolen).toMatchObject({ ok: false, code: 'FILE_NOT_FOUND' });
    // Removing the message removes its files.
    const removed = await callAs(t, a, chatRoomRoutes.removeMessage, {
      body: { twId: room.id, messageId: ack.message.id },
    });
    expect(removed.status).toBe(200);
    expect((await fetchFile(b, key)).statusCode).toBe(404);
    expect((await fetchFile(a, key)).statusCode).toBe(404);
  });

  it('decides the type from the bytes: a renamed file and an SVG are refused (raster images only)', async () => {
    const a = await member(t);
    const renamed = await upload(a, [
      { filename: 'photo.png', type: 'image/png', bytes: Buffer.from('MZ\x90\x00 not an image') },
    ]);
    expect(renamed.statusCode).toBe(415);
    expect(renamed.error().message).toBe(CHAT_FILE_TEXTS.unsupported);
    const pdf = await upload(a, [{ filename: 'scan.jpg', type: 'image/jpeg', bytes: Buffer.from('%PDF-1.7\n...') }]);
    expect(pdf.statusCode).toBe(415);

    const svg = Buffer.from(
      '<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>',
    );
    for (const type of ['image/svg+xml', 'image/png']) {
      const res = await upload(a, [{ filename: 'chart.svg', type, bytes: svg }]);
      expect(res.statusCode, res.body).toBe(415);
      expect(res.error().message).toBe(CHAT_FILE_TEXTS.unsupported);
    }
    const kept = await t.app.db.selectFrom('uploads').select('key').where('uploader_id', '=', a.id).execute();
    expect(kept).toEqual([]);
  });

  it('holds the spec limits: 10 MB a file, 10 MB in all, 10 files, all or nothing', async () => {
    const a = await member(t);
    const big = Buffer.concat([PNG, Buffer.alloc(10 * MB)]);
    const one = await upload(a, [{ filename: 'huge.png', type: 'image/png', bytes: big }]);
    expect(one.statusCode).toBe(413);
    expect(one.error().message).toBe('File size of huge.png exceeds maximum limit of 10Mb');
    const inFrench = await callRoute(t.app, chatFileRoutes.uploadImages, {
      token: a.token,
      headers: { 'accept-language': 'fr' },
      multipart: [{ filename: 'huge.png', type: 'image/png', bytes: big }],
    });
    expect(inFrench.statusCode).toBe(413);
    expect(inFrench.error().message).toBe('La taille du fichier huge.png dépasse la limite maximale de 10 Mo');

    const six = Buffer.concat([PNG, Buffer.alloc(6 * MB)]);
    const total = await upload(a, [
      { filename: 'a.png', type: 'image/png', bytes: six },
      { filename: 'b.png', type: 'image/png', bytes: six },
    ]);
    expect(total.statusCode).toBe(413);
    expect(total.error().message).toBe(CHAT_FILE_TEXTS.totalTooLarge);

    const eleven = Array.from({ length: 11 }, (_, i) => ({ filename: `${i}.png`, type: 'image/png', bytes: PNG }));
    const many = await upload(a, eleven);
    expect(many.statusCode).toBe(400);
    expect(many.error().message).toBe(CHAT_FILE_TEXTS.tooMany);
    // Nothing of the refused requests was kept.
    const kept = await t.app.db.selectFrom('uploads').select('key').where('uploader_id', '=', a.id).execute();
    expect(kept).toEqual([]);
  });

  it('answers a body that is not the multipart it claims with 400, not 500', async () => {
    const a = await member(t);
    for (const route of UPLOAD_ROUTES) {
      const res = await rawUpload(a, route, 'multipart/form-data', 'garbage');
      expect(res.statusCode, pathOf(route)).toBe(400);
    }
  });

  it('answers a multipart boundary longer than busboy reads (256+) with 400 on every upload route', async () => {
    const a = await member(t);
    const boundary = 'b'.repeat(300);
    const payload = Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="files"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n`,
      ),
      PNG,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    for (const route of UPLOAD_ROUTES) {
      const res = await rawUpload(a, route, `multipart/form-data; boundary=${boundary}`, payload);
      expect(res.statusCode, pathOf(route)).toBe(400);
      expect(res.json().code, pathOf(route)).toBe('BAD_REQUEST');
    }
  });

  it('takes voice notes, lets the uploader withdraw an unsent file, and sweeps those never sent after a day', async () => {
    const a = await member(t);
    const webm = Buffer.concat([Buffer.from([0x1a, 0x45, 0xdf, 0xa3]), Buffer.alloc(2000, 7)]);
    const voice = await uploadVoice(a, [{ name: 'file', filename: 'voice.webm', type: 'audio/webm', bytes: webm }]);
    expect(voice.statusCode, voice.body).toBe(200);
    expect(voice.json().data.voice).toMatchObject({ type: 'audio/webm', size: webm.length });
    const notAudio = await uploadVoice(a, [{ name: 'file', filename: 'v.webm', type: 'audio/webm', bytes: PNG }]);
    expect(notAudio.statusCode).toBe(415);
    const longVoice = Buffer.concat([webm, Buffer.alloc(10 * MB)]);
    const tooLong = await uploadVoice(a, [
      { name: 'file', filename: 'long.webm', type: 'audio/webm', bytes: longVoice },
    ]);
    expect(tooLong.statusCode).toBe(413);
    expect(tooLong.error().message).toBe('File size of long.webm exceeds maximum limit of 10Mb');
    const none = await rawUpload(a, chatFileRoutes.uploadAudio, 'application/json', '{}');
    expect(none.statusCode).toBe(400);

    const [f] = ZUploadImagesReply.parse(
      (await upload(a, [{ filename: 'x.png', type: 'image/png', bytes: PNG }])).json(),
    ).data.files;
    const del = await withdraw(a, f!.Key);
    expect(del.statusCode).toBe(200);
    expect((await fetchFile(a, f!.Key)).statusCode).toBe(404);

    const [g] = ZUploadImagesReply.parse(
      (await upload(a, [{ filename: 'y.png', type: 'image/png', bytes: PNG }])).json(),
    ).data.files;
    expect(await t.app.chat.uploads.sweep(Date.now() + 25 * 60 * 60 * 1000)).toBeGreaterThanOrEqual(2);
    expect((await fetchFile(a, g!.Key)).statusCode).toBe(404);
  });
});
