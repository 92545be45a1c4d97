import {
  freePort,
  processStore,
  type ServerProcess,
  startServerProcess,
  untilServing,
} from '@rounds/test-kit/server-process';
import { afterAll, describe, expect, it } from 'vitest';
import { createGroup, keepSending, loginDemo, openTab } from '../../../test/support/live-client';
import { loadTestEnv, storedMessages } from '../../../test/support/live-server';

/**
 * The delivery model under the worst failure: clients keep sending while the server process is killed with
 * SIGKILL and restarted, three times. Afterwards every acknowledged message is stored exactly once and every
 * client shows exactly the stored sequence of the room, no gap and no double.
 */
const { dir: dataDir, schema, drop } = processStore('fault');
afterAll(drop);

describe('delivery under SIGKILL', () => {
  it('keeps every acknowledged message exactly once and every client in step with the store', async () => {
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    const env = { ...loadTestEnv(port, { dataDir, schema }), SEED_DEMO: 'true' };
    let server: ServerProcess = startServerProcess(env);
    await untilServing(server);

    const logins = await Promise.all(
      ['amelia.broussard', 'noah.thibodeaux', 'olivia.landry'].map((name) => loginDemo(base, name)),
    );
    const twId = await createGroup(base, logins[0]!, logins.slice(1), 'Fault drill');
    const clients = logins.map((login) => openTab(base, login, twId));
    const sending = keepSending(clients);

    for (let kill = 0; kill < 3; kill += 1) {
      await new Promise((r) => setTimeout(r, 1_500));
      server.child.kill('SIGKILL');
      await server.exited;
      server = startServerProcess(env);
      await untilServing(server);
    }
    await new Promise((r) => setTimeout(r, 1_000));
    await sending.stop();

    // Let every client resend what is still pending and catch up.
    await Promise.all(clients.map((c) => c.settle()));
    server.child.kill('SIGTERM');
    await server.exited;
    for (const c of clients) c.socket.disconnect();

    const all = await storedMessages({ dataDir, schema }, twId);
    const acked = clients.flatMap((c) => [...c.acked]);
    expect(acked.length).toBeGreaterThan(30);
    expect(clients.every((c) => c.pending.size === 0)).toBe(true);
    const byClientId = new Map(all.map((r) => [r.client_id, r.id]));
    expect(byClientId.size).toBe(all.length); // no client id stored twice
    for (const [clientId, ack] of acked) expect(byClientId.get(clientId)).toBe(ack.id);
    expect(all.map((r) => Number(r.seq))).toEqual(all.map((_, i) => i + 1)); // no gap in the store
    const storedView = all.map((r) => [Number(r.seq), r.id]);
    for (const c of clients) expect([...c.shown].sort((x, y) => x[0] - y[0])).toEqual(storedView);
  }, 120_000);
});
