import { complianceRoutes } from '@rounds/contracts/compliance';
import { describe, expect, it } from 'vitest';
import { adminKit } from '../../../test/support/admin-kit';
import { callAs, type Member, member } from '../../../test/support/chat';
import { conversations } from '../../../test/support/conversations';
import { useS3App } from '../../../test/support/s3-app';
import type { TestApp } from '../../../test/support/test-app';

/** Retention removes files from an S3 bucket too (s3rver, a local S3 implementation), and a hold keeps them. */
let t: TestApp;
useS3App((app) => {
  t = app;
});

const DAY = 24 * 60 * 60 * 1000;

const { group, say, upload } = conversations(() => t);
async function sendWithFile(m: Member, twId: string, body: string) {
  const key = await upload(m);
  await say(m, twId, body, { files: [key] });
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
    const room = (owner: Member, other: Member) => group(owner, [other]);
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
