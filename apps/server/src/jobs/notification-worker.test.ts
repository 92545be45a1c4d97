import { ZSendMessageAck } from '@rounds/contracts/chat';
import { smsStandIn } from '@rounds/test-kit/stand-ins';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { collect, type Member, member, notificationsSent, openSocket } from '../../test/support/chat';
import { conversations } from '../../test/support/conversations';
import { createTestApp, type TestApp } from '../../test/support/test-app';
import { phoneNumber } from '../../test/support/users';

const SMS_ENV = (url: string) => ({
  PUBLIC_URL: 'https://rounds.example.org',
  SMS_API_URL: url,
  SMS_ACCOUNT_SID: 'AC0',
  SMS_AUTH_TOKEN: 'secret',
  SMS_FROM: '+15550000',
  SMS_MAX_PER_RECIPIENT_HOUR: '100',
  SMS_MAX_PER_SENDER_HOUR: '100',
  // Short tries and retries, so the test waits seconds rather than minutes; never given up while it waits.
  NOTIFY_TIMEOUT_SECONDS: '1',
  NOTIFY_RETRY_SECONDS: '0.2',
  NOTIFY_MAX_ATTEMPTS: '100',
});

/** Until every notification job is sent (none waiting for a retry either), within `ms`. */
async function allSent(t: TestApp, ms = 20_000) {
  const deadline = Date.now() + ms;
  for (;;) {
    const left = await t.app.db
      .selectFrom('notification_jobs')
      .select('id')
      .where('sent_at', 'is', null)
      .where('failed_at', 'is', null)
      .execute();
    if (left.length === 0) return;
    if (Date.now() > deadline) throw new Error(`${left.length} notification jobs still unsent`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

async function until(what: string, check: () => boolean, ms = 10_000) {
  const deadline = Date.now() + ms;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

const group = (t: TestApp, owner: Member, others: Member[]) =>
  conversations(() => t).group(owner, others, 'Rapid response');

describe('SMS of URGENT messages with a provider that hangs', () => {
  let t: TestApp;
  let sms: Awaited<ReturnType<typeof smsStandIn>>;
  beforeAll(async () => {
    sms = await smsStandIn({ answerAfterMs: 30_000 });
    t = await createTestApp(SMS_ENV(sms.url));
    await t.listen();
  });
  afterAll(async () => {
    await t.close();
    await sms.close();
  });

  it('delivers the messages while the provider holds every SMS, then sends each SMS once when it recovers', async () => {
    const [sender, a, b] = await Promise.all([member(t), member(t), member(t)]);
    const room = await group(t, sender, [a, b]);
    const [senderSocket, aSocket] = await Promise.all([openSocket(t, sender), openSocket(t, a)]);
    const arrived = collect<{ id: string }>(aSocket, 'NewMessage');
    const urgent = async (body: string) => {
      const ack = ZSendMessageAck.parse(
        await senderSocket.timeout(5_000).emitWithAck('SendMessage', {
          clientId: crypto.randomUUID(),
          twId: room.id,
          body,
          level: 'URGENT',
          sms: true,
        }),
      );
      if (!ack.ok) throw new Error(ack.message);
      return ack.message;
    };

    // A first round: its SMS reach the provider, which answers none of them.
    const first = await Promise.all([1, 2, 3].map((i) => urgent(`Bed ${i}`)));
    await until('the provider to hold SMS', () => sms.waiting() >= 2);
    // A second round while the provider hangs: acknowledged and delivered all the same.
    const second = await Promise.all([4, 5, 6].map((i) => urgent(`Bed ${i}`)));
    for (const m of [...first, ...second]) await arrived.next((p) => p.id === m.id);
    // Delivered before the provider answered a single SMS.
    expect(sms.messages).toEqual([]);
    expect(sms.received()).toBeGreaterThan(0);

    // Tries time out and are tried again with backoff until the provider answers.
    await until('a try to time out', () => sms.received() > sms.waiting());
    sms.recover();
    await allSent(t);
    // One SMS per message and notified member, each with its own link: none lost, none twice.
    const links = await t.app.db.selectFrom('message_logs').select(['id', 'message_id']).execute();
    const expected = [...first, ...second].flatMap((m) => {
      const log = links.find((l) => l.message_id === m.id)!.id;
      return [a, b].map((p) => ({ p, log }));
    });
    const got = await Promise.all(
      expected.map(async ({ p, log }) => {
        const to = await phoneNumber(t.app, p.id);
        return sms.messages.filter((x) => x.to === to && x.body.endsWith(`?rs=${log}`)).length;
      }),
    );
    expect(got).toEqual(expected.map(() => 1));
    expect(sms.messages).toHaveLength(12);
    // Every job says so, and the failed tries are on record.
    const jobs = await t.app.db.selectFrom('notification_jobs').selectAll().execute();
    expect(jobs.every((j) => j.sent_at !== null && j.failed_at === null)).toBe(true);
    expect(jobs.some((j) => Number(j.attempts) > 1 && j.last_error === null)).toBe(true);
    await notificationsSent(t);
    expect(sms.messages).toHaveLength(12);
  });
});

describe('two app instances on one database', () => {
  it('never send one notification twice', async () => {
    const sms = await smsStandIn({ answerAfterMs: 5 });
    // The default timeout: in one test process, SQLite's busy wait of one instance holds the event loop of
    // both, and a 1 s try could end after the provider took the SMS (the one case sent twice, by design).
    const env = { ...SMS_ENV(sms.url), NOTIFY_TIMEOUT_SECONDS: '10' };
    const first = await createTestApp(env);
    const second = await createTestApp(
      { ...env, DATA_DIR: first.config.DATA_DIR },
      first.schema ? { schema: first.schema } : {},
    );
    try {
      const texts = Array.from({ length: 80 }, (_, i) => `Rounds: job ${i}`);
      await first.app.db.transaction().execute((trx) =>
        first.app.notificationJobs.enqueue(
          trx,
          texts.map((text) => ({ kind: 'sms' as const, recipient: '+15551234', text })),
        ),
      );
      // Both claim at once, each as fast as it can, on top of their own polls.
      await Promise.all([first.app.jobs.notifications.drain(), second.app.jobs.notifications.drain()]);
      await allSent(first);
      expect(sms.messages.map((m) => m.body).sort()).toEqual([...texts].sort());
      const owners = await first.app.db.selectFrom('notification_jobs').select('claimed_by').distinct().execute();
      // Each sent a share: the claim was contended, not won by one instance alone.
      expect(owners).toHaveLength(2);
    } finally {
      await second.close({ keepData: true });
      await first.close();
      await sms.close();
    }
  });
});

describe('rows claimed at birth', () => {
  it('sends what a commit queued without claiming it again, and never what a rolled-back one queued', async () => {
    const sms = await smsStandIn({ answerAfterMs: 5 });
    const t = await createTestApp({ ...SMS_ENV(sms.url), NOTIFY_TIMEOUT_SECONDS: '10' });
    try {
      const [kept] = await t.app.db
        .transaction()
        .execute((trx) =>
          t.app.notificationJobs.enqueue(trx, [{ kind: 'sms', recipient: '+15551234', text: 'Rounds: kept' }]),
        );
      // Claimed by this process's worker in the queuing commit itself.
      const row = await t.app.db
        .selectFrom('notification_jobs')
        .select(['claimed_by', 'claimed_until'])
        .where('id', '=', kept!)
        .executeTakeFirstOrThrow();
      expect(row.claimed_by).not.toBeNull();
      expect(Number(row.claimed_until)).toBeGreaterThan(Date.now());
      await expect(
        t.app.db.transaction().execute(async (trx) => {
          await t.app.notificationJobs.enqueue(trx, [{ kind: 'sms', recipient: '+15551234', text: 'Rounds: undone' }]);
          throw new Error('rolled back');
        }),
      ).rejects.toThrow('rolled back');
      t.app.notificationJobs.wake();
      await t.app.jobs.notifications.drain();
      await allSent(t);
      expect(sms.messages.map((m) => m.body)).toEqual(['Rounds: kept']);
    } finally {
      await t.close();
      await sms.close();
    }
  });

  it('writes an outbox delivery in the commit that marks the job sent', async () => {
    const t = await createTestApp();
    try {
      await t.app.db
        .transaction()
        .execute((trx) =>
          t.app.notificationJobs.enqueue(trx, [
            { kind: 'email', recipient: 'nurse@example.org', subject: 'Hello', text: 'Rounds: by email' },
          ]),
        );
      t.app.notificationJobs.wake();
      await t.app.jobs.notifications.drain();
      const outbox = await t.app.db
        .selectFrom('outbox')
        .selectAll()
        .where('recipient', '=', 'nurse@example.org')
        .execute();
      expect(outbox.map((o) => [o.channel, o.subject, o.text])).toEqual([['email', 'Hello', 'Rounds: by email']]);
      const job = await t.app.db.selectFrom('notification_jobs').selectAll().executeTakeFirstOrThrow();
      expect(job.sent_at).not.toBeNull();
      expect(Number(job.attempts)).toBe(1);
    } finally {
      await t.close();
    }
  });
});
