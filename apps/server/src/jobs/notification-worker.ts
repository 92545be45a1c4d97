import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config';
import type { OutboxTable } from '../db/schema';
import type { NotificationJob, NotificationJobs } from '../modules/notify/notification-jobs.store';
import type { Job } from './runner';

/** Sends under way at once in one process: a hanging provider holds at most this many. */
const CONCURRENCY = 64;
/** How long finished sends wait to be marked together while others are under way, and at most how many. */
const MARK_WAIT_MS = 100;
const MARK_BATCH = 500;
/** The longest wait between two tries of one notification. */
const MAX_DELAY_MS = 5 * 60 * 1000;
/** Every process looks for due rows this often (retries, and rows another process queued). */
const POLL_MS = 1000;

/**
 * Delay before try `attempts + 1` after `attempts` failed ones: NOTIFY_RETRY_SECONDS doubling, at most
 * 5 minutes (docs/decisions.md "Notification jobs").
 */
export const retryDelayMs = (attempts: number, baseSeconds: number) =>
  Math.min(MAX_DELAY_MS, baseSeconds * 1000 * 2 ** (attempts - 1));

/** A provider that said when to try again (a push service's 429 Retry-After) is not asked sooner. */
const retryAfter = (err: unknown): number =>
  typeof (err as { retryAfterMs?: unknown })?.retryAfterMs === 'number'
    ? (err as { retryAfterMs: number }).retryAfterMs
    : 0;

/**
 * Sends the notification jobs (SMS, email, Web Push and the push fan-out of messages) queued by commits:
 * claims due rows for a lease longer than one try, sends each with NOTIFY_TIMEOUT_SECONDS, marks it sent, or due again later with exponential backoff, or given
 * up after NOTIFY_MAX_ATTEMPTS tries. A commit in this process wakes it at once; otherwise it polls.
 */
export type NotificationWorkerDeps = {
  jobs: NotificationJobs;
  /** Web Push jobs (modules/push) share the queue, its claims, retries and backoff. */
  pushJob: (job: NotificationJob, signal: AbortSignal) => Promise<void>;
  /** SMS and email, through the provider or the outbox. */
  sendMessage: (job: NotificationJob & { kind: 'sms' | 'email' }, signal: AbortSignal) => Promise<void>;
  /** The outbox row of an SMS or email whose channel has no transport (written with the job's mark), or null. */
  outboxEntry: (job: NotificationJob & { kind: 'sms' | 'email' }) => OutboxTable | null;
  config: Pick<Config, 'NOTIFY_TIMEOUT_SECONDS' | 'NOTIFY_MAX_ATTEMPTS' | 'NOTIFY_RETRY_SECONDS'>;
  log: FastifyBaseLogger;
};

export function notificationWorker({
  jobs,
  pushJob,
  sendMessage,
  outboxEntry,
  config,
  log,
}: NotificationWorkerDeps): Job & { drain: (timeoutMs?: number) => Promise<void> } {
  const owner = `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;
  const timeoutMs = config.NOTIFY_TIMEOUT_SECONDS * 1000;
  // Outlives one try by far, so a live owner never loses its claim mid-send; a dead one's runs out.
  const leaseMs = 2 * timeoutMs + 5000;
  jobs.adoptBirths({ owner, leaseMs });
  const stopping = new AbortController();
  const inFlight = new Set<Promise<void>>();
  let claiming: Promise<void> | null = null;
  let again = false;

  const sendOne = async (job: NotificationJob) => {
    const entry = job.kind === 'sms' || job.kind === 'email' ? outboxEntry(job as typeof job & { kind: 'sms' }) : null;
    if (entry) return await markSent(job.id, { ...entry, job: job.id });
    const signal = AbortSignal.any([stopping.signal, AbortSignal.timeout(timeoutMs)]);
    try {
      if (job.kind === 'push' || job.kind === 'push-fanout') await pushJob(job, signal);
      else await sendMessage(job as typeof job & { kind: 'sms' | 'email' }, signal);
    } catch (err) {
      // Stopping is not the provider's fault: the row is free again for another process or the next start.
      if (stopping.signal.aborted) return void (await jobs.release(owner, job.id));
      const attempts = job.attempts + 1;
      const now = Date.now();
      const giveUp = attempts >= config.NOTIFY_MAX_ATTEMPTS;
      const error = err instanceof Error ? err.message : String(err);
      await jobs.failed(
        owner,
        job.id,
        now,
        error,
        giveUp ? null : now + Math.max(retryDelayMs(attempts, config.NOTIFY_RETRY_SECONDS), retryAfter(err)),
      );
      // The recipient, never the text: an SMS carries a link that opens the message (issue 14).
      const detail = { job: job.id, kind: job.kind, to: job.recipient, attempts, err: error };
      if (giveUp) log.error(detail, 'notification given up');
      else log.warn(detail, 'notification failed, will try again');
      return;
    }
    await markSent(job.id);
  };

  // Marks are commits, and on SQLite a commit holds the event loop while it waits for the disk. A lone send is
  // marked at once; while others are under way (a burst: an URGENT message to 2,000 people) the marks gather
  // for up to MARK_WAIT_MS and are written together, a few commits a second, not one per finished push. A
  // process that dies in that window sends those again (at least once, docs/decisions.md).
  let unmarked: {
    id: string;
    outbox?: OutboxTable & { job: string };
    done: () => void;
    failed: (e: unknown) => void;
  }[] = [];
  let marking = false;
  let markTimer: NodeJS.Timeout | null = null;
  const markSoon = () => {
    if (marking || markTimer) return;
    if (inFlight.size <= 1 || unmarked.length >= MARK_BATCH) void flushMarks();
    else markTimer = setTimeout(() => void flushMarks(), MARK_WAIT_MS);
  };
  const markSent = (id: string, outbox?: OutboxTable & { job: string }) =>
    new Promise<void>((done, failed) => {
      unmarked.push({ id, outbox, done, failed });
      if (unmarked.length >= MARK_BATCH && markTimer) {
        clearTimeout(markTimer);
        markTimer = null;
      }
      markSoon();
    });
  const flushMarks = async () => {
    if (markTimer) clearTimeout(markTimer);
    markTimer = null;
    marking = true;
    do {
      const batch = unmarked.slice(0, MARK_BATCH);
      unmarked = unmarked.slice(MARK_BATCH);
      try {
        await jobs.sent(
          owner,
          batch.map((b) => b.id),
          Date.now(),
          batch.flatMap((b) => (b.outbox ? [b.outbox] : [])),
        );
        for (const b of batch) b.done();
      } catch (err) {
        for (const b of batch) b.failed(err);
      }
    } while (unmarked.length >= MARK_BATCH);
    marking = false;
    if (unmarked.length > 0) markSoon();
  };

  /** Claims what there is room for and starts sending it; each send that ends makes room again. */
  const tick = (): Promise<void> => {
    if (claiming) {
      again = true;
      return claiming;
    }
    claiming = (async () => {
      do {
        again = false;
        const room = CONCURRENCY - inFlight.size;
        // Each claim is a write: one per finished send would double the writes of a burst, so the worker
        // claims again once half its slots are free (or it is idle).
        if (room <= 0 || stopping.signal.aborted || (inFlight.size > 0 && room < CONCURRENCY / 2)) break;
        const now = Date.now();
        const born = await jobs.takeBorn(owner, room, now, timeoutMs + 1000);
        const claimed =
          born.length < room ? [...born, ...(await jobs.claim(owner, room - born.length, now, now + leaseMs))] : born;
        for (const job of claimed) {
          const p: Promise<void> = sendOne(job)
            .catch((err) => log.warn({ err, job: job.id }, 'notification job failed'))
            .finally(() => {
              inFlight.delete(p);
              if (!stopping.signal.aborted) void tick().catch(() => undefined);
            });
          inFlight.add(p);
        }
        if (claimed.length === room) again = true;
      } while (again);
    })().finally(() => {
      claiming = null;
      // Sends that ended after the loop's last look (a batch of marks ends many at once) asked for a claim.
      if (again && !stopping.signal.aborted) void tick().catch((err) => log.warn({ err }, 'notification claim failed'));
    });
    return claiming;
  };

  const unsubscribe = jobs.onWake(() => {
    if (!stopping.signal.aborted) void tick().catch((err) => log.warn({ err }, 'notification claim failed'));
  });

  return {
    name: 'notification-worker',
    everyMs: POLL_MS,
    run: tick,
    stop: async () => {
      unsubscribe();
      jobs.adoptBirths(null);
      stopping.abort();
      await claiming?.catch(() => undefined);
      await Promise.allSettled([...inFlight]);
      await jobs.releaseBorn(owner).catch((err) => log.warn({ err }, 'notification release failed'));
    },
    /** Tests: until no row is due here (sent, or waiting for a later try), within `timeoutMs`. */
    drain: async (timeoutMs = 10_000) => {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        await tick();
        if (inFlight.size > 0) {
          await Promise.allSettled([...inFlight]);
          continue;
        }
        if ((await jobs.dueCount(Date.now())) === 0) return;
        if (Date.now() > deadline) throw new Error('notification jobs are still due');
        await new Promise((r) => setTimeout(r, 20));
      }
    },
  };
}
