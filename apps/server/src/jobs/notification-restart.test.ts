import { randomUUID } from 'node:crypto';
import { ZSendMessageAck } from '@rounds/contracts/chat';
import { io } from 'socket.io-client';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../db/database';
import { createGroup, loginDemo } from '../testing/live-client';
import { freePort, processStore, startServerProcess, untilServing } from '../testing/server-process';
import { smsStandIn } from '../testing/stand-ins';

/**
 * The real server process, its SMS provider hanging: an URGENT message is acknowledged and its SMS jobs are
 * mid-send when the process is SIGKILLed. The next process takes them again once their claim runs out, and is
 * stopped with SIGTERM mid-send (it exits 0 at once and lets them go). A third, with the provider answering,
 * sends each SMS exactly once. Runs on SQLite and on PostgreSQL.
 */
const store = processStore('notifyjobs');
afterAll(store.drop);

async function until(what: string, check: () => boolean | Promise<boolean>, ms = 30_000) {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

describe('notification jobs across a SIGKILL', () => {
  it('sends the SMS of a message committed before the kill exactly once after restart', async () => {
    const down = await smsStandIn({ answerAfterMs: 30_000 });
    const up = await smsStandIn();
    const port = await freePort();
    const env = (smsUrl: string) => ({
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: store.dir,
      PUBLIC_URL: 'https://rounds.example.org',
      SMS_API_URL: smsUrl,
      SMS_ACCOUNT_SID: 'AC0',
      SMS_AUTH_TOKEN: 'secret',
      SMS_FROM: '+15550000',
      // A try waits 2 s, so a dead process's claim runs out after 9 s (jobs/notification-worker.ts).
      NOTIFY_TIMEOUT_SECONDS: '2',
      NOTIFY_RETRY_SECONDS: '0.2',
      NOTIFY_MAX_ATTEMPTS: '100',
      ...(store.schema ? { DATABASE_SCHEMA: store.schema } : {}),
    });
    const base = `http://127.0.0.1:${port}`;
    const first = startServerProcess({ ...env(down.url), SEED_DEMO: 'true' });
    try {
      await untilServing(first);
      const [sender, a, b] = await Promise.all(
        ['amelia.broussard', 'noah.thibodeaux', 'olivia.landry'].map((n) => loginDemo(base, n)),
      );
      const twId = await createGroup(base, sender!, [a!, b!], 'Night shift');
      const socket = io(base, {
        path: '/server/socket.io',
        query: { token: sender!.token, uuid: randomUUID() },
        transports: ['websocket'],
        reconnection: false,
      });
      await new Promise<void>((resolve, reject) => {
        socket.once('connect', () => resolve());
        socket.once('connect_error', reject);
      });
      const ack = ZSendMessageAck.parse(
        await socket
          .timeout(5_000)
          .emitWithAck('SendMessage', { clientId: randomUUID(), twId, body: 'Code blue', level: 'URGENT', sms: true }),
      );
      socket.disconnect();
      expect(ack.ok).toBe(true);
      // Both SMS are with the provider, unanswered, when the process dies.
      await until('the provider to hold both SMS', () => down.waiting() === 2);
      first.child.kill('SIGKILL');
      expect(await first.exited).toBe(null);

      // The next process takes them again when the dead one's claim runs out, and is stopped mid-send.
      const receivedBefore = down.received();
      const second = startServerProcess(env(down.url));
      await untilServing(second);
      await until('the restarted process to try again', () => down.received() >= receivedBefore + 2);
      second.child.kill('SIGTERM');
      expect(await second.exited).toBe(0);

      const third = startServerProcess(env(up.url));
      try {
        await untilServing(third);
        await until('both SMS', () => up.messages.length >= 2);
        // Time for any second send to show itself: the retry delay is 0.2 s, a claim 9 s.
        await new Promise((r) => setTimeout(r, 1_500));
      } finally {
        third.child.kill('SIGTERM');
        expect(await third.exited).toBe(0);
      }
      expect(up.messages.map((m) => m.to).sort()).toEqual(['+15550101', '+15550102']);
      expect(up.messages.every((m) => /^Rounds: .+ sent you an URGENT message\./.test(m.body))).toBe(true);
      expect(down.messages).toEqual([]);

      const handle = await openDatabase({
        dataDir: store.dir,
        databaseUrl: process.env.DATABASE_URL,
        schema: store.schema,
      });
      const jobs = await handle.db.selectFrom('notification_jobs').selectAll().execute();
      await handle.close();
      expect(jobs).toHaveLength(2);
      expect(jobs.every((j) => j.sent_at !== null && j.failed_at === null)).toBe(true);
    } finally {
      if (first.child.exitCode === null && first.child.signalCode === null) first.child.kill('SIGKILL');
      await down.close();
      await up.close();
    }
  }, 120_000);
});
