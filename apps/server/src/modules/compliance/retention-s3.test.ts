import { chatRoomRoutes, ZChatRoomReply, ZSendMessageAck } from '@rounds/contracts/chat';
import { chatFileRoutes, ZUploadImagesReply } from '@rounds/contracts/chat-files';
import { complianceRoutes } from '@rounds/contracts/compliance';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { adminKit } from '../../../test/support/admin-kit';
import { callRoute } from '../../../test/support/call-route';
import { callAs, emitAck, type Member, member, openSocket } from '../../../test/support/chat';
import { useS3App } from '../../../test/support/s3-app';
import type { TestApp } from '../../../test/support/test-app';

/** Retention removes files from an S3 bucket too (s3rver, a local S3 implementation), and a hold keeps them. */
let t: TestApp;
useS3App((app) => {
  t = app;
});

const DAY = 24 * 60 * 60 * 1000;

async function sendWithFile(m: Member, twId: string, body: string) {
  const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#2e86de' } })
    .png()
    .toBuffer();
  const res = await callRoute(t.app, chatFileRoutes.uploadImages, {
    token: m.token,
    multipart: [{ filename: 'xray.png', type: 'image/png', bytes: png }],
  });
  const key = ZUploadImagesReply.parse(res.json()).data.files[0]!.Key;
  const socket = await openSocket(t, m);
  const ack = ZSendMessageAck.parse(
    await emitAck(socket, 'SendMessage', { clientId: crypto.randomUUID(), twId, body, files: [key] }),
  );
  if (!ack.ok) throw new Error(ack.message);
  socket.close();
  return key;
}

const inBucket = async (key: string) => {
  const stream = await t.app.files.get(key);
  stream?.destroy();
  return stream !== null;
};

describe('retention on S3', () => {
  it('removes the files of messages past retention from the bucket, and keeps those a hold keeps', async () => {
    const admin = { ...(await adminKit(t).firstAdmin()), name: 'Admin' };
    const [a, b, c] = await Promise.all([member(t), member(t), member(t)]);
    const room = async (owner: Member, other: Member) =>
      ZChatRoomReply.parse(
        (
          await callAs(t, owner, chatRoomRoutes.create, {
            body: { type: 'group', name: `Ward ${crypto.randomUUID().slice(0, 8)}`, participants: [other.id] },
          })
        ).body,
      ).data.chatRoom;
    const free = await room(a, b);
    const held = await room(c, b);
    const goes = await sendWithFile(a, free.id, 'scan before transfer');
    const stays = await sendWithFile(c, held.id, 'scan under hold');
    expect(await inBucket(goes)).toBe(true);
    const hold = await callAs(t, admin, complianceRoutes.placeHold, {
      body: { targetType: 'room', targetId: held.id, name: 'Case S3', reason: 'Litigation' },
    });
    expect(hold.status).toBe(200);
    expect(
      (await callAs(t, admin, complianceRoutes.setRetention, { body: { defaultDays: 7, rooms: {} } })).status,
    ).toBe(200);

    const run = await t.app.compliance.retention.sweep({ now: Date.now() + 8 * DAY });
    // Each room also holds its "created the group" line: two messages a room.
    expect(run).toMatchObject({ messages: 2, files: 1, held: 2 });
    expect(await inBucket(goes)).toBe(false);
    expect(await inBucket(stays)).toBe(true);
  });
});
