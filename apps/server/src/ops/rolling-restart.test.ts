import { startNginx } from '@rounds/test-kit/nginx';
import { startRedis } from '@rounds/test-kit/redis';
import { startS3 } from '@rounds/test-kit/s3';
import {
  freePort,
  processStore,
  type ServerProcess,
  startServerProcess,
  untilServing,
} from '@rounds/test-kit/server-process';
import { afterAll, describe, expect, it } from 'vitest';
import { createGroup, keepSending, loginDemo, openTab } from '../../test/support/live-client';
import { loadTestEnv, storedMessages } from '../../test/support/live-server';

/**
 * Two server processes over one database and one Redis behind nginx, restarted one at a time with SIGTERM while
 * four clients keep sending through the proxy. Each process stops gracefully (exit 0); every client is moved
 * to the other process and reconnects; afterwards every acknowledged message is stored exactly once, with no
 * gap, and every client shows exactly the stored sequence. Files on S3 (s3rver), as every multi-process test. Runs on SQLite (both processes on one DATA_DIR,
 * WAL) and on PostgreSQL.
 */
const { dir: dataDir, schema, drop } = processStore('rolling');
afterAll(drop);

describe('rolling restart behind nginx', () => {
  it('loses no acknowledged message, and every client reconnects and catches up', async () => {
    const [redis, s3] = await Promise.all([startRedis(), startS3()]);
    const ports = [await freePort(), await freePort()];
    const env = (port: number) => ({
      ...loadTestEnv(port, { dataDir, schema }),
      REDIS_URL: redis.url,
      TRUST_PROXY: 'true',
      ...s3.env,
    });
    // The first creates the database, the demo hospital and the shared secrets; then the second joins.
    const servers: ServerProcess[] = [startServerProcess({ ...env(ports[0]!), SEED_DEMO: 'true' })];
    await untilServing(servers[0]!);
    servers.push(startServerProcess(env(ports[1]!)));
    await untilServing(servers[1]!);
    const nginx = await startNginx(ports, { tls: false });
    const base = nginx.base;
    try {
      const logins = await Promise.all(
        ['amelia.broussard', 'noah.thibodeaux', 'olivia.landry', 'liam.hebert'].map((n) => loginDemo(base, n)),
      );
      const twId = await createGroup(base, logins[0]!, logins.slice(1), 'Shift change');
      const tabs = logins.map((login) => openTab(base, login, twId));
      await Promise.all(tabs.map((t) => new Promise<void>((r) => t.socket.once('connect', () => r()))));
      const sending = keepSending(tabs, 25);

      const exits: (number | null)[] = [];
      for (const i of [0, 1]) {
        await new Promise((r) => setTimeout(r, 1_500));
        servers[i]!.child.kill('SIGTERM');
        exits.push(await servers[i]!.exited);
        servers[i] = startServerProcess(env(ports[i]!));
        await untilServing(servers[i]!);
        // As a rolling restart does: the next process goes down only once this one says ready (its directory
        // is built before /readyz answers 200).
        await expect
          .poll(async () => (await fetch(`http://127.0.0.1:${ports[i]}/readyz`)).status, { timeout: 30_000 })
          .toBe(200);
      }
      await new Promise((r) => setTimeout(r, 1_500));
      await sending.stop();
      await Promise.all(tabs.map((t) => t.settle()));
      for (const t of tabs) t.socket.disconnect();

      expect(exits).toEqual([0, 0]); // graceful, not the 15 s forced exit
      const stored = await storedMessages({ dataDir, schema }, twId);

      const acked = tabs.flatMap((t) => [...t.acked]);
      expect(acked.length).toBeGreaterThan(100);
      expect(tabs.every((t) => t.pending.size === 0)).toBe(true);
      const byClientId = new Map(stored.map((r) => [r.client_id, r.id]));
      expect(byClientId.size).toBe(stored.length); // no client id stored twice
      for (const [clientId, ack] of acked) expect(byClientId.get(clientId)).toBe(ack.id);
      expect(stored.map((r) => Number(r.seq))).toEqual(stored.map((_, i) => i + 1));
      const storedView = stored.map((r) => [Number(r.seq), r.id]);
      for (const t of tabs) {
        // Connected at start, then again after each restart that closed its process's sockets.
        expect(t.connects).toBeGreaterThanOrEqual(2);
        expect([...t.shown].sort((x, y) => x[0] - y[0])).toEqual(storedView);
      }
    } finally {
      for (const s of servers) {
        if (s.child.exitCode === null) {
          s.child.kill('SIGTERM');
          await s.exited;
        }
      }
      await nginx.stop();
      await redis.stop();
      await s3.stop();
    }
  }, 120_000);
});
