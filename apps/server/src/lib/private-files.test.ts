import { chmodSync, mkdirSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { accountRoutes } from '@rounds/contracts/account';
import { chatFileRoutes } from '@rounds/contracts/chat-files';
import { afterAll, describe, expect, it } from 'vitest';
import { callRoute } from '../../test/support/call-route';
import { member } from '../../test/support/chat';
import { createTestApp } from '../../test/support/test-app';

const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(64, 1)]);
const mode = (path: string) => statSync(path).mode & 0o777;
const parent = mkdtempSync(join(tmpdir(), 'rounds-modes-'));
afterAll(() => rmSync(parent, { recursive: true, force: true }));

describe('DATA_DIR at rest', () => {
  it('creates DATA_DIR 0700 and the database, its WAL, secrets, chat files and avatars 0600', async () => {
    const dataDir = join(parent, 'fresh', 'data');
    const t = await createTestApp({ DATA_DIR: dataDir });
    try {
      const a = await member(t);
      const images = await callRoute(t.app, chatFileRoutes.uploadImages, {
        multipart: [{ filename: 'a.png', type: 'image/png', bytes: PNG }],
        token: a.token,
      });
      expect(images.statusCode, images.body).toBe(200);
      const set = await callRoute(t.app, accountRoutes.uploadAvatar, {
        multipart: [{ name: 'file', filename: 'me.png', type: 'image/png', bytes: PNG }],
        token: a.token,
      });
      expect(set.statusCode, set.body).toBe(200);

      expect(mode(dataDir)).toBe(0o700);
      expect(mode(join(dataDir, 'secrets.json'))).toBe(0o600);
      if (t.app.engine === 'sqlite') {
        for (const f of ['rounds.sqlite', 'rounds.sqlite-wal', 'rounds.sqlite-shm']) {
          expect(mode(join(dataDir, f)), f).toBe(0o600);
        }
      }
      const key: string = images.json().data.files[0]!.Key;
      expect(mode(join(dataDir, 'files'))).toBe(0o700);
      expect(mode(join(dataDir, 'files', key.slice(0, 2)))).toBe(0o700);
      expect(mode(join(dataDir, 'files', key.slice(0, 2), key))).toBe(0o600);
      const avatarFile = String(set.json().user.avatar!.path).split('/').pop()!;
      expect(mode(join(dataDir, 'avatars'))).toBe(0o700);
      expect(mode(join(dataDir, 'avatars', avatarFile)), avatarFile).toBe(0o600);
    } finally {
      await t.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it('closes an existing world-readable DATA_DIR at start', async () => {
    const dataDir = join(parent, 'old');
    mkdirSync(join(dataDir, 'logos'), { recursive: true });
    writeFileSync(join(dataDir, 'logos', 'logo.png'), PNG);
    writeFileSync(join(dataDir, 'rounds.sqlite'), '');
    chmodSync(dataDir, 0o755);
    chmodSync(join(dataDir, 'logos'), 0o755);
    chmodSync(join(dataDir, 'rounds.sqlite'), 0o644);
    const t = await createTestApp({ DATA_DIR: dataDir });
    try {
      expect(mode(dataDir)).toBe(0o700);
      expect(mode(join(dataDir, 'logos'))).toBe(0o700);
      expect(mode(join(dataDir, 'rounds.sqlite'))).toBe(0o600);
    } finally {
      await t.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
