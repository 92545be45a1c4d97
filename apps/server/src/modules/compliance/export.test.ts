import { createHash } from 'node:crypto';
import { get } from 'node:http';
import { chatRoomRoutes } from '@rounds/contracts/chat';
import { chatFileRoutes, ZUploadAudioReply, ZUploadImagesReply } from '@rounds/contracts/chat-files';
import {
  complianceExportRoutes,
  complianceRoutes,
  EXPORT_MANIFEST,
  type TCreateExportRequest,
  type TExportMessageLine,
  ZExportManifest,
  ZExportMessageLine,
} from '@rounds/contracts/compliance';
import { unzip } from '@rounds/test-kit/unzip';
import sharp from 'sharp';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { adminKit } from '../../../test/support/admin-kit';
import { callRoute } from '../../../test/support/call-route';
import { callAs, type Member, member } from '../../../test/support/chat';
import { conversations } from '../../../test/support/conversations';
import { createTestApp, type TestApp } from '../../../test/support/test-app';

/**
 * Export for counsel (issue 27) on a real app, database and file store: the ZIP is downloaded as the browser
 * would (the single-use link, no bearer) and read back with yauzl.
 */
let t: TestApp;
let admin: Member;
beforeAll(async () => {
  // The paging test sends 1,200 messages in a few seconds, past a person's socket budget.
  t = await createTestApp({ SOCKET_RATE_LIMIT_MAX: '100000' });
  await t.listen();
  admin = { ...(await adminKit(t).firstAdmin()), name: 'Admin' };
});
// Each test's sockets closed after it: the per-address socket cap would refuse the next test's.
afterEach(async () => {
  for (const s of sockets.values()) (await s).disconnect();
  sockets.clear();
});
afterAll(() => t.close());

const DAY = 24 * 60 * 60 * 1000;
const unique = () => crypto.randomUUID().slice(0, 8);
const sha = (b: Buffer) => createHash('sha256').update(b).digest('hex');

const { group, say, sockets, image: upload } = conversations(() => t);
const image = (m: Member) => upload(m, { filename: 'chest x-ray.png', width: 6, height: 4, background: '#c33' });
const voiceNote = async (m: Member) => {
  const webm = Buffer.concat([Buffer.from([0x1a, 0x45, 0xdf, 0xa3]), Buffer.alloc(3000, 9)]);
  const res = await callRoute(t.app, chatFileRoutes.uploadAudio, {
    token: m.token,
    multipart: [{ name: 'file', filename: 'voice.webm', type: 'audio/webm', bytes: webm }],
  });
  expect(res.statusCode, res.body).toBe(200);
  return { key: ZUploadAudioReply.parse(res.json()).data.voice.Key, bytes: webm };
};

/** Asks for the export as the Admin, then downloads it through the link, as the browser does. */
const exportZip = async (body: TCreateExportRequest, by: Member = admin) => {
  const made = await callAs(t, by, complianceExportRoutes.createExport, { body });
  expect(made.status, JSON.stringify(made.body)).toBe(200);
  const res = await callRoute(t.app, complianceExportRoutes.downloadExport, { query: { token: made.body.data.token } });
  expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
  expect(res.headers['content-type']).toBe('application/zip');
  expect(res.headers['content-disposition']).toMatch(
    /^attachment; filename="counsel-export-[\d-]+-[0-9a-f]{24}\.zip"$/,
  );
  return { token: made.body.data.token, entries: await unzip(res.rawPayload) };
};

const manifestOf = (entries: Map<string, Buffer>) =>
  ZExportManifest.parse(JSON.parse(entries.get(EXPORT_MANIFEST)!.toString('utf8')));
const linesOf = (entries: Map<string, Buffer>, roomId: string): TExportMessageLine[] =>
  entries
    .get(`rooms/${roomId}.jsonl`)!
    .toString('utf8')
    .trim()
    .split('\n')
    .filter(Boolean)
    .map((l) => ZExportMessageLine.parse(JSON.parse(l)));
const allTime = () => ({ from: Date.now() - 30 * DAY, to: Date.now() + DAY });

describe('export for counsel', () => {
  it("writes a room's messages with senders, priority, acknowledgements, deletions and files, hashed in the manifest", async () => {
    const [a, b] = await Promise.all([member(t, 'Ann'), member(t, 'Ben')]);
    const room = await group(a, [b]);
    const scan = await image(a);
    const note = await voiceNote(b);
    const plain = await say(a, room.id, 'Bed 12 potassium 6.1, repeat at 14:00');
    const withFile = await say(a, room.id, 'Film attached', { files: [scan.key] });
    const spoken = await say(b, room.id, '', { voice: { key: note.key, duration: 3 } });
    const urgent = await say(a, room.id, 'Bed 12 crashing, come now', { level: 'URGENT', notify: [b.id] });
    const ack = await callAs(t, b, chatRoomRoutes.acknowledge, { body: { messageId: urgent.id } });
    expect(ack.status, JSON.stringify(ack.body)).toBe(200);
    const gone = await say(a, room.id, 'Wrong patient, ignore');
    expect(
      (await callAs(t, a, chatRoomRoutes.removeMessage, { body: { twId: room.id, messageId: gone.id } })).status,
    ).toBe(200);
    // Under a hold, a deleted message disappears for the members but is kept: the export shows it.
    const hold = await callAs(t, admin, complianceRoutes.placeHold, {
      body: { targetType: 'room', targetId: room.id, name: `Case ${unique()}`, reason: 'Claim' },
    });
    expect(hold.status).toBe(200);
    const kept = await say(b, room.id, 'Dose was 10x, my error');
    expect(
      (await callAs(t, b, chatRoomRoutes.removeMessage, { body: { twId: room.id, messageId: kept.id } })).status,
    ).toBe(200);

    const range = allTime();
    const { entries } = await exportZip({ scope: 'room', targetId: room.id, ...range });
    const manifest = manifestOf(entries);
    expect(manifest).toMatchObject({
      scope: 'room',
      target: { type: 'room', id: room.id },
      from: new Date(range.from).toISOString(),
      to: new Date(range.to).toISOString(),
      createdBy: { id: admin.id },
    });
    expect(manifest.rooms).toEqual([
      expect.objectContaining({ id: room.id, path: `rooms/${room.id}.jsonl`, messages: expect.any(Number) }),
    ]);
    // Every entry but the manifest is listed with the SHA-256 of exactly the bytes in the ZIP.
    expect([...entries.keys()].filter((n) => n !== EXPORT_MANIFEST).sort()).toEqual(
      manifest.entries.map((e) => e.path).sort(),
    );
    for (const e of manifest.entries) {
      expect(sha(entries.get(e.path)!), e.path).toBe(e.sha256);
      expect(entries.get(e.path)!.length, e.path).toBe(e.bytes);
    }

    const lines = linesOf(entries, room.id);
    const line = (id: string) => lines.find((l) => l.id === id)!;
    expect(lines.map((l) => l.seq)).toEqual([...lines.map((l) => l.seq)].sort((x, y) => x - y));
    expect(line(plain.id)).toMatchObject({
      body: 'Bed 12 potassium 6.1, repeat at 14:00',
      sender: { id: a.id, email: a.email },
      sentAt: new Date(plain.timetoken).toISOString(),
      deleted: null,
      priority: null,
    });
    const file = line(withFile.id).files[0]!;
    expect(file).toMatchObject({ key: scan.key, name: 'chest x-ray.png', type: 'image/png' });
    expect(entries.get(file.path)).toEqual(scan.bytes);
    const voice = line(spoken.id).voice!;
    expect(voice.path).toMatch(/voice-note\.webm$/);
    expect(entries.get(voice.path)).toEqual(note.bytes);
    expect(line(urgent.id)).toMatchObject({
      priority: { level: 'URGENT', notify: [{ id: b.id }], sms: false },
      acknowledgements: [{ id: b.id, at: expect.any(String) }],
    });
    expect(line(gone.id)).toMatchObject({
      body: null,
      deleted: { by: { id: a.id }, keptByLegalHold: false, at: expect.any(String) },
    });
    expect(line(kept.id)).toMatchObject({
      body: 'Dose was 10x, my error',
      deleted: { by: { id: b.id }, keptByLegalHold: true },
    });

    // The user log says who exported what.
    const logged = await t.app.db
      .selectFrom('audit_logs')
      .select(['user_id', 'details'])
      .where('event', '=', 'conversations exported')
      .where('details', 'like', `%${room.id}%`)
      .execute();
    expect(logged).toHaveLength(1);
    expect(logged[0]!.user_id).toBe(admin.id);
    expect(JSON.parse(logged[0]!.details!)).toMatchObject({ scope: 'room', targetId: room.id, ...range });
  });

  it("covers only a person's rooms, and only the range asked for", async () => {
    const [a, b, c] = await Promise.all([member(t), member(t), member(t)]);
    const theirs = await group(a, [c]);
    const notTheirs = await group(a, [b]);
    const old = await say(c, theirs.id, 'Last month');
    const recent = await say(a, theirs.id, 'This week');
    await say(a, notTheirs.id, 'Not for this export');
    await t.app.db
      .updateTable('messages')
      .set({ created_at: Date.now() - 40 * DAY })
      .where('id', '=', old.id)
      .execute();
    const { entries } = await exportZip({
      scope: 'user',
      targetId: c.id,
      from: Date.now() - 7 * DAY,
      to: Date.now() + DAY,
    });
    const manifest = manifestOf(entries);
    expect(manifest.target).toMatchObject({ type: 'user', id: c.id });
    expect(manifest.rooms.map((r) => r.id)).toEqual([theirs.id]);
    expect(entries.has(`rooms/${notTheirs.id}.jsonl`)).toBe(false);
    // The group's own system line (created) is in range too; of what people said, only this week's.
    expect(
      linesOf(entries, theirs.id)
        .filter((l) => l.sender !== null)
        .map((l) => l.id),
    ).toEqual([recent.id]);
  });

  it('streams a room of a few thousand messages, a page at a time', async () => {
    const [a, b] = await Promise.all([member(t), member(t)]);
    const room = await group(a, [b]);
    const rows = Array.from({ length: 1200 }, (_, i) => i);
    for (const part of [rows.slice(0, 600), rows.slice(600)]) {
      await Promise.all(part.map((i) => say(i % 2 ? a : b, room.id, `Obs ${i}`)));
    }
    const { entries } = await exportZip({ scope: 'room', targetId: room.id, ...allTime() });
    const lines = linesOf(entries, room.id).filter((l) => l.sender !== null);
    expect(lines).toHaveLength(1200);
    expect(new Set(lines.map((l) => l.body))).toEqual(new Set(rows.map((i) => `Obs ${i}`)));
    expect(manifestOf(entries).rooms[0]!.messages).toBe(linesOf(entries, room.id).length);
  }, 60_000);

  it('lists a file the store no longer has as missing, and still writes the rest', async () => {
    const [a, b] = await Promise.all([member(t), member(t)]);
    const room = await group(a, [b]);
    const lost = await image(a);
    const kept = await image(a);
    await say(a, room.id, 'Two films', { files: [lost.key, kept.key] });
    await t.app.files.remove(lost.key);
    const { entries } = await exportZip({ scope: 'room', targetId: room.id, ...allTime() });
    const manifest = manifestOf(entries);
    const [gone, there] = linesOf(entries, room.id).find((l) => l.files.length === 2)!.files;
    expect(manifest.entries.find((e) => e.path === gone!.path)).toMatchObject({ missing: true, bytes: 0 });
    expect(entries.has(gone!.path)).toBe(false);
    expect(entries.get(there!.path)).toEqual(kept.bytes);
  });

  it('stops when the browser gives the download up, and the next export is whole', async () => {
    const [a, b] = await Promise.all([member(t), member(t)]);
    const room = await group(a, [b]);
    const big = async () => {
      const bytes = await sharp({
        create: {
          width: 900,
          height: 900,
          channels: 3,
          background: '#888',
          noise: { type: 'gaussian', mean: 128, sigma: 60 },
        },
      })
        .png()
        .toBuffer();
      const res = await callRoute(t.app, chatFileRoutes.uploadImages, {
        token: a.token,
        multipart: [{ filename: 'scan.png', type: 'image/png', bytes }],
      });
      return ZUploadImagesReply.parse(res.json()).data.files[0]!.Key;
    };
    for (let i = 0; i < 4; i += 1) await say(a, room.id, `Scan ${i}`, { files: [await big()] });
    const made = await callAs(t, admin, complianceExportRoutes.createExport, {
      body: { scope: 'room', targetId: room.id, ...allTime() },
    });
    // Read the first chunk, then hang up, as a browser whose download is cancelled does.
    await new Promise<void>((resolve, reject) => {
      const url = `${t.url()}/api/v1${complianceExportRoutes.downloadExport.path}?${new URLSearchParams({ token: made.body.data.token })}`;
      const req = get(url, { agent: false }, (res) => {
        expect(res.statusCode).toBe(200);
        res.once('data', () => {
          req.destroy();
          resolve();
        });
      });
      req.once('error', reject);
    });
    // The server is free and whole for the next one: every file there, every hash right.
    const { entries } = await exportZip({ scope: 'room', targetId: room.id, ...allTime() });
    const manifest = manifestOf(entries);
    expect(manifest.entries.filter((e) => e.path.startsWith('files/'))).toHaveLength(4);
    for (const e of manifest.entries) expect(sha(entries.get(e.path)!), e.path).toBe(e.sha256);
  });

  it('gives a link that works once, briefly, and only while its Admin is one', async () => {
    const [a, b] = await Promise.all([member(t), member(t)]);
    const room = await group(a, [b]);
    await say(a, room.id, 'hello');
    const download = (token: string) => callRoute(t.app, complianceExportRoutes.downloadExport, { query: { token } });
    const { token } = await exportZip({ scope: 'room', targetId: room.id, ...allTime() });
    const again = await download(token);
    expect(again.statusCode).toBe(404);
    expect(again.error().code).toBe('EXPORT_LINK_NOT_FOUND');
    expect((await download('not-a-link')).statusCode).toBe(404);

    const ask = () =>
      callAs(t, admin, complianceExportRoutes.createExport, {
        body: { scope: 'room', targetId: room.id, ...allTime() },
      });
    const expired = (await ask()).body.data.token;
    await t.app.db
      .updateTable('counsel_exports')
      .set({ expires_at: Date.now() - 1 })
      .execute();
    expect((await download(expired)).statusCode).toBe(404);

    const kit = adminKit(t);
    const other = { ...(await kit.caller({ role: 'Admin' })), name: 'Other' };
    const made = await callAs(t, other, complianceExportRoutes.createExport, {
      body: { scope: 'room', targetId: room.id, ...allTime() },
    });
    await t.app.db.updateTable('users').set({ role: 'Regular' }).where('id', '=', other.id).execute();
    expect((await download(made.body.data.token)).statusCode).toBe(404);
  });

  it("is the Admins' only, names the field of a bad range, and answers 404 for what does not exist", async () => {
    const kit = adminKit(t);
    const facilityAdmin = { ...(await kit.caller({ role: 'FacilityAdmin' })), name: 'Fay' };
    const regular = await member(t);
    const body = { scope: 'user' as const, targetId: regular.id, ...allTime() };
    for (const who of [facilityAdmin, regular]) {
      const res = await callAs(t, who, complianceExportRoutes.createExport, { body });
      expect(res.status).toBe(403);
    }
    const backwards = await callAs(t, admin, complianceExportRoutes.createExport, {
      body: { ...body, from: body.to, to: body.from },
    });
    expect(backwards.status).toBe(400);
    expect(backwards.body.message).toMatch(/^to/);
    const negative = await callAs(t, admin, complianceExportRoutes.createExport, { body: { ...body, from: -1 } });
    expect(negative.status).toBe(400);
    expect(negative.body.message).toMatch(/^from/);
    for (const scope of ['user', 'room'] as const) {
      const missing = await callAs(t, admin, complianceExportRoutes.createExport, {
        body: { ...body, scope, targetId: 'f'.repeat(24) },
      });
      expect(missing.status).toBe(404);
      expect(missing.body).toMatchObject({ code: 'EXPORT_TARGET_NOT_FOUND' });
    }
  });
});
