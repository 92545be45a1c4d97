import { createHash } from 'node:crypto';
import {
  complianceExportRoutes,
  EXPORT_MANIFEST,
  ZExportManifest,
  ZExportMessageLine,
} from '@rounds/contracts/compliance';
import { unzip } from '@rounds/test-kit/unzip';
import { describe, expect, it } from 'vitest';
import { adminKit } from '../../../test/support/admin-kit';
import { callRoute } from '../../../test/support/call-route';
import { member, openSocket, sendMessage } from '../../../test/support/chat';
import { conversations } from '../../../test/support/conversations';
import { useS3App } from '../../../test/support/s3-app';
import type { TestApp } from '../../../test/support/test-app';

/** The export for counsel streams files out of an S3 bucket too (s3rver, a local S3 implementation). */
let t: TestApp;
useS3App((app) => {
  t = app;
});
const { group, image } = conversations(() => t);

describe('export for counsel on S3', () => {
  it('puts the bucket’s file in the ZIP, byte for byte, with its hash in the manifest', async () => {
    const admin = await adminKit(t).firstAdmin();
    const [a, b] = await Promise.all([member(t), member(t)]);
    const room = await group(a, [b]);
    const { key, bytes: png } = await image(a);
    const socket = await openSocket(t, a);
    const ack = await sendMessage(socket, { twId: room.id, body: 'Film', files: [key] });
    socket.close();
    expect(ack.ok).toBe(true);

    const made = await callRoute(t.app, complianceExportRoutes.createExport, {
      token: admin.token,
      body: { scope: 'room', targetId: room.id, from: 0, to: Date.now() + 60_000 },
    });
    expect(made.statusCode, made.body).toBe(200);
    const res = await callRoute(t.app, complianceExportRoutes.downloadExport, {
      query: { token: made.json().data.token },
    });
    expect(res.statusCode).toBe(200);
    const entries = await unzip(res.rawPayload);
    const manifest = ZExportManifest.parse(JSON.parse(entries.get(EXPORT_MANIFEST)!.toString('utf8')));
    const line = entries
      .get(`rooms/${room.id}.jsonl`)!
      .toString('utf8')
      .trim()
      .split('\n')
      .map((l) => ZExportMessageLine.parse(JSON.parse(l)))
      .find((l) => l.files.length > 0)!;
    const path = line.files[0]!.path;
    expect(entries.get(path)).toEqual(png);
    expect(manifest.entries.find((e) => e.path === path)).toMatchObject({
      sha256: createHash('sha256').update(png).digest('hex'),
      bytes: png.length,
    });
  });
});
