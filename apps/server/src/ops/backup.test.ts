import { execFile } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { freePort, processStore, startServerProcess, untilServing } from '@rounds/test-kit/server-process';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import {
  createGroup,
  downloadImage,
  history,
  keepSending,
  loginDemo,
  openTab,
  uploadImage,
} from '../../test/support/live-client';
import { loadTestEnv } from '../../test/support/live-server';

/**
 * `npm run backup` while three clients keep sending, then `npm run restore` into a fresh DATA_DIR and a server
 * started on it: every message acknowledged before the backup began is there, readable, and so is a sent image.
 * On PostgreSQL the database is the operator's pg_dump: the backup says so and carries the file store.
 */
const run = promisify(execFile);
const root = join(import.meta.dirname, '..', '..', '..', '..');
const postgres = Boolean(process.env.DATABASE_URL);
const { dir: tmp, schema, drop } = processStore('backup');
afterAll(drop);

/** `npm run backup|restore -- …` from the repository root, as an operator types it. */
async function npmRun(script: 'backup' | 'restore', args: string[], dataDir: string) {
  try {
    const { stdout, stderr } = await run('npm', ['run', '--silent', script, '--', ...args], {
      cwd: root,
      env: { PATH: process.env.PATH, DATA_DIR: dataDir, DATABASE_URL: process.env.DATABASE_URL ?? '' },
    });
    return { code: 0, output: stdout + stderr };
  } catch (error) {
    const e = error as { code: number; stdout: string; stderr: string };
    return { code: e.code, output: e.stdout + e.stderr };
  }
}

describe('npm run backup / restore', () => {
  it('backs up while clients send, and the restored server has everything acknowledged before the backup', async () => {
    const dataDir = join(tmp, 'live');
    const env = (dir: string, port: number) => ({ ...loadTestEnv(port, { dataDir: dir, schema }), SEED_DEMO: 'true' });
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    const server = startServerProcess(env(dataDir, port));
    await untilServing(server);

    const logins = await Promise.all(
      ['amelia.broussard', 'noah.thibodeaux', 'olivia.landry'].map((name) => loginDemo(base, name)),
    );
    const twId = await createGroup(base, logins[0]!, logins.slice(1), 'Backup drill');
    const png = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#2e86de' } })
      .png()
      .toBuffer();
    const key = await uploadImage(base, logins[0]!.token, { filename: 'chart.png', type: 'image/png', bytes: png });
    const tabs = logins.map((login) => openTab(base, login, twId));
    await Promise.all(tabs.map((t) => new Promise<void>((r) => t.socket.once('connect', () => r()))));
    const first = tabs[0]!.socket.timeout(5_000).emitWithAck('SendMessage', {
      clientId: crypto.randomUUID(),
      twId,
      body: 'see the chart',
      files: [key],
    });
    expect(await first).toMatchObject({ ok: true });

    const sending = keepSending(tabs);
    await new Promise((r) => setTimeout(r, 1_500));
    const began = Date.now();
    const ackedBefore = tabs.flatMap((t) => [...t.acked].filter(([, a]) => a.at < began));
    const secrets = join(tmp, 'secrets.json');
    const backup = await npmRun('backup', [join(tmp, 'backup'), '--secrets', secrets], dataDir);
    const sentDuringBackup = tabs.reduce((n, t) => n + [...t.acked.values()].filter((a) => a.at >= began).length, 0);
    await new Promise((r) => setTimeout(r, 300));
    await sending.stop();
    server.child.kill('SIGTERM');
    await server.exited;
    for (const t of tabs) t.socket.disconnect();

    expect(backup.code, backup.output).toBe(0);
    expect(ackedBefore.length).toBeGreaterThan(20);
    // The server kept acknowledging while the backup ran: an online backup, not a pause.
    expect(sentDuringBackup).toBeGreaterThan(0);
    expect(existsSync(secrets)).toBe(true);
    expect(readdirSync(join(tmp, 'backup'))).not.toContain('secrets.json');
    if (postgres) {
      expect(backup.output).toContain('pg_dump');
      expect(readdirSync(join(tmp, 'backup'))).not.toContain('rounds.sqlite');
    } else {
      expect(backup.output).toMatch(/Database: \d+ messages, integrity ok\./);
    }
    expect(backup.output).toMatch(/Files: files [1-9]/);

    // Without secrets a restore into a fresh folder refuses: the server would make new keys.
    const fresh = join(tmp, 'restored');
    const refused = await npmRun('restore', [join(tmp, 'backup')], fresh);
    expect(refused.code).toBe(1);
    expect(refused.output).toContain('No secrets');
    const restored = await npmRun('restore', [join(tmp, 'backup'), '--secrets', secrets], fresh);
    expect(restored.code, restored.output).toBe(0);
    if (postgres) expect(restored.output).toContain('pg_restore');

    const port2 = await freePort();
    const base2 = `http://127.0.0.1:${port2}`;
    const again = startServerProcess({ ...env(fresh, port2), SEED_DEMO: 'false' });
    try {
      await untilServing(again);
      const reader = await loginDemo(base2, 'noah.thibodeaux');
      const messages = await history(base2, reader.token, twId);
      const byId = new Map(messages.map((m) => [m.id, m]));
      for (const [clientId, ack] of ackedBefore) {
        expect(byId.get(ack.id)?.clientId).toBe(clientId);
        expect(byId.get(ack.id)?.body).toMatch(/^tab \d message \d+$/); // decrypted with the restored key
      }
      const withImage = messages.find((m) => m.body === 'see the chart');
      expect(withImage?.files.map((f) => f.key)).toEqual([key]);
      expect((await downloadImage(base2, reader.token, key)).equals(png)).toBe(true);
      expect(messages.map((m) => m.seq)).toEqual(messages.map((_, i) => i + 1));
    } finally {
      again.child.kill('SIGTERM');
      await again.exited;
    }

    // Without --secrets the backup warns that the key is not in it.
    const plain = await npmRun('backup', [join(tmp, 'backup-2')], dataDir);
    expect(plain.code, plain.output).toBe(0);
    expect(plain.output).toContain('WARNING: DATA_DIR/secrets.json');
    // A folder already holding something is refused.
    expect((await npmRun('backup', [join(tmp, 'backup-2')], dataDir)).code).toBe(1);
  }, 120_000);
});
