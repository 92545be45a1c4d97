import { sql } from 'kysely';
import type { Db } from '../../db/database';
import type { NotificationJobsTable, OutboxTable } from '../../db/schema';
import { newId } from '../../lib/ids';

export type NotificationJob = Pick<
  NotificationJobsTable,
  'id' | 'kind' | 'recipient' | 'subject' | 'text' | 'attempts'
>;
export type NewNotification = {
  kind: NotificationJobsTable['kind'];
  recipient: string;
  subject?: string | null;
  text: string;
};

/**
 * The notification_jobs table: SMS, email and Web Push owed after a commit. Written in the caller's transaction
 * (enqueue), so what asked for them and what they owe commit together; sent by jobs/notification-worker.ts.
 * A row is claimed for a lease (claimed_until); a process that dies mid-send leaves a lease that runs out, and
 * the row is claimed again.
 */
/** More rows than this from one commit are a burst, claimed by whichever processes are free. */
const CLAIMED_AT_BIRTH_MAX = 16;

export function createNotificationJobs(db: Db, engine: 'sqlite' | 'postgres') {
  const listeners = new Set<() => void>();
  // Claimed at birth (see adoptBirths): the ids this process's worker is to send without claiming them.
  let adopter: { owner: string; leaseMs: number } | null = null;
  let born: { id: string; leaseUntil: number }[] = [];
  return {
    /**
     * This process's worker sends what this process queues, claimed in the queuing transaction itself: a
     * claim is a commit, and on SQLite each commit waits for the disk, so a lone email or SMS is two commits
     * instead of three. Only a few rows due now are claimed at birth (a burst is shared out by claims); a
     * transaction that rolls back leaves nothing to find, and a process that dies leaves a lease that runs
     * out like any other (docs/decisions.md "Notification jobs").
     */
    adoptBirths: (o: { owner: string; leaseMs: number } | null) => {
      adopter = o;
    },
    /**
     * In the caller's transaction: each notification, due at once, or at `o.dueAt` (held: see dueNow).
     * Returns the rows' ids.
     */
    enqueue: async (trx: Db, items: NewNotification[], now = Date.now(), o: { dueAt?: number } = {}) => {
      if (items.length === 0) return [];
      // Due by the clock, not `now`: the escalation sweep may be run for a time ahead of it (tests).
      const due = o.dueAt ?? Date.now();
      const ids = items.map(() => newId(now));
      const claimedAtBirth = adopter && o.dueAt === undefined && items.length <= CLAIMED_AT_BIRTH_MAX;
      const birth = claimedAtBirth ? { claimed_by: adopter!.owner, claimed_until: due + adopter!.leaseMs } : {};
      await trx
        .insertInto('notification_jobs')
        .values(
          items.map((n, i) => ({
            id: ids[i]!,
            kind: n.kind,
            recipient: n.recipient,
            subject: n.subject ?? null,
            text: n.text,
            attempts: 0,
            next_attempt_at: due,
            created_at: now,
            ...birth,
          })),
        )
        .execute();
      if (claimedAtBirth) for (const id of ids) born.push({ id, leaseUntil: birth.claimed_until! });
      return ids;
    },

    /**
     * Rows enqueued held (a later `dueAt`) become due now: a bulk import holds its emails while it runs, so
     * sending thousands does not compete with it, and releases them at the end; a process that dies between
     * leaves them to go out when the hold ends. Then wake() the worker.
     */
    dueNow: async (ids: string[]) => {
      const now = Date.now();
      for (let start = 0; start < ids.length; start += 500) {
        await db
          .updateTable('notification_jobs')
          .set({ next_attempt_at: now })
          .where('id', 'in', ids.slice(start, start + 500))
          .where('sent_at', 'is', null)
          .where('claimed_by', 'is', null)
          .execute();
      }
    },

    /** After the commit that enqueued: this process's worker looks now rather than at its next poll. */
    wake: () => {
      for (const l of listeners) l();
    },
    onWake: (listener: () => void) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },

    /**
     * Up to `limit` rows claimed at birth for `owner` whose commit is visible, with at least `minLeaseMs` of
     * their lease left (a send may take that long). A row not found yet may belong to a transaction still
     * open (PostgreSQL) and is looked for again until its lease ends; then it rolled back, or it is due again
     * for any claim.
     */
    takeBorn: async (owner: string, limit: number, now: number, minLeaseMs: number): Promise<NotificationJob[]> => {
      born = born.filter((b) => b.leaseUntil - now > minLeaseMs);
      if (born.length === 0 || limit <= 0) return [];
      const wanted = born.slice(0, limit).map((b) => b.id);
      const rows = await db
        .selectFrom('notification_jobs')
        .select(['id', 'kind', 'recipient', 'subject', 'text', 'attempts'])
        .where('id', 'in', wanted)
        .where('claimed_by', '=', owner)
        .where('sent_at', 'is', null)
        .where('failed_at', 'is', null)
        .execute();
      const found = new Set(rows.map((r) => r.id));
      born = born.filter((b) => !found.has(b.id));
      return rows;
    },

    /**
     * The worker stops, its sends settled: every row it still holds (claimed at birth, not taken yet) is free for
     * another process or the next start at once, in one statement.
     */
    releaseBorn: async (owner: string) => {
      born = [];
      await db
        .updateTable('notification_jobs')
        .set({ claimed_until: null })
        .where('claimed_by', '=', owner)
        .where('sent_at', 'is', null)
        .where('failed_at', 'is', null)
        // Rows born due: through the index of owed rows, not a walk of every row ever sent.
        .where('next_attempt_at', '<=', Date.now())
        .execute();
    },

    /**
     * Claims up to `limit` due rows for `owner` until `leaseUntil`, in one statement: the outer conditions
     * are checked again on each row as it is updated (PostgreSQL re-reads a row another claim changed first;
     * SQLite runs one writer at a time), so two processes never claim one row. SKIP LOCKED lets concurrent
     * claims on PostgreSQL pass rows being claimed rather than wait for them.
     */
    claim: async (owner: string, limit: number, now: number, leaseUntil: number): Promise<NotificationJob[]> =>
      db
        // Materialized: PostgreSQL may otherwise run a locking IN-subquery again per row it updates, and each
        // run skips the rows the statement already locked and takes the next ones, past the limit.
        .with(
          (cte) => cte('due').materialized(),
          (q) =>
            q
              .selectFrom('notification_jobs')
              .select('id')
              .where('sent_at', 'is', null)
              .where('failed_at', 'is', null)
              .where('next_attempt_at', '<=', now)
              .where((eb) => eb.or([eb('claimed_until', 'is', null), eb('claimed_until', '<', now)]))
              .orderBy('next_attempt_at')
              .limit(limit)
              .$if(engine === 'postgres', (s) => s.forUpdate().skipLocked()),
        )
        .updateTable('notification_jobs')
        .set({ claimed_by: owner, claimed_until: leaseUntil })
        .where('id', 'in', (eb) => eb.selectFrom('due').select('due.id'))
        .where('sent_at', 'is', null)
        .where('failed_at', 'is', null)
        .where((eb) => eb.or([eb('claimed_until', 'is', null), eb('claimed_until', '<', now)]))
        .returning(['id', 'kind', 'recipient', 'subject', 'text', 'attempts'])
        .execute(),

    /**
     * Sent, only while this owner's claim holds; many in one statement (the 2,000 pushes of one URGENT
     * message are a few commits, not 2,000).
     */
    sent: (
      owner: string,
      ids: readonly string[],
      now: number,
      outbox: readonly (OutboxTable & { job: string })[] = [],
    ) =>
      db.transaction().execute(async (trx) => {
        const marked = await trx
          .updateTable('notification_jobs')
          .set({ sent_at: now, attempts: sql`attempts + 1`, claimed_until: null, last_error: null })
          .where('id', 'in', [...ids])
          .where('claimed_by', '=', owner)
          .returning('id')
          .execute();
        // Delivered to the outbox with the mark, only where this owner's claim held.
        const mine = new Set(marked.map((m) => m.id));
        const rows = outbox.filter((o) => mine.has(o.job)).map(({ job: _, ...row }) => row);
        if (rows.length > 0) await trx.insertInto('outbox').values(rows).execute();
      }),

    /** Failed this time: due again at `retryAt`, or given up (`retryAt` null). */
    failed: (owner: string, id: string, now: number, error: string, retryAt: number | null) =>
      db
        .updateTable('notification_jobs')
        .set({
          attempts: sql`attempts + 1`,
          claimed_until: null,
          last_error: error.slice(0, 500),
          ...(retryAt === null ? { failed_at: now } : { next_attempt_at: retryAt }),
        })
        .where('id', '=', id)
        .where('claimed_by', '=', owner)
        .execute(),

    /** Let go without counting a try (the process is stopping): another process or the next start takes it. */
    release: (owner: string, id: string) =>
      db
        .updateTable('notification_jobs')
        .set({ claimed_until: null })
        .where('id', '=', id)
        .where('claimed_by', '=', owner)
        .execute(),

    /** Rows due now and free to claim (tests wait for none; /metrics may count the backlog). */
    dueCount: async (now: number) =>
      Number(
        (
          await db
            .selectFrom('notification_jobs')
            .select((eb) => eb.fn.countAll<string | number>().as('n'))
            .where('sent_at', 'is', null)
            .where('failed_at', 'is', null)
            .where('next_attempt_at', '<=', now)
            .where((eb) => eb.or([eb('claimed_until', 'is', null), eb('claimed_until', '<', now)]))
            .executeTakeFirstOrThrow()
        ).n,
      ),
  };
}

export type NotificationJobs = ReturnType<typeof createNotificationJobs>;
