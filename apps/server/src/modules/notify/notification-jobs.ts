import { sql } from 'kysely';
import type { Db } from '../../db/database';
import type { NotificationJobsTable } from '../../db/schema';
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
export function createNotificationJobs(db: Db, engine: 'sqlite' | 'postgres') {
  const listeners = new Set<() => void>();
  return {
    /**
     * In the caller's transaction: each notification, due at once, or at `o.dueAt` (held: see dueNow).
     * Returns the rows' ids.
     */
    enqueue: async (trx: Db, items: NewNotification[], now = Date.now(), o: { dueAt?: number } = {}) => {
      if (items.length === 0) return [];
      // Due by the clock, not `now`: the escalation sweep may be run for a time ahead of it (tests).
      const due = o.dueAt ?? Date.now();
      const ids = items.map(() => newId(now));
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
          })),
        )
        .execute();
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
    sent: (owner: string, ids: readonly string[], now: number) =>
      db
        .updateTable('notification_jobs')
        .set({ sent_at: now, attempts: sql`attempts + 1`, claimed_until: null, last_error: null })
        .where('id', 'in', [...ids])
        .where('claimed_by', '=', owner)
        .execute(),

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
