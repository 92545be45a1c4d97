import type { Kysely, SelectQueryBuilder } from 'kysely';
import type { Database } from '../../db/schema';

// The queues' depths the metrics scrape counts in the database.

async function countRows<TB extends keyof Database, O>(rows: SelectQueryBuilder<Database, TB, O>): Promise<number> {
  const row = await rows.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst();
  return Number(row?.n ?? 0);
}

/** Notifications (email, SMS) held in the outbox table. */
export const outboxDepth = (db: Kysely<Database>) => countRows(db.selectFrom('outbox'));

/** SMS and email queued and not sent yet (due, being tried, or waiting to be tried again). */
export const pendingNotificationJobs = (db: Kysely<Database>) =>
  countRows(db.selectFrom('notification_jobs').where('sent_at', 'is', null).where('failed_at', 'is', null));

/** URGENT messages waiting for their escalation (not yet due or due and not yet sent). */
export const pendingEscalations = (db: Kysely<Database>) =>
  countRows(db.selectFrom('escalations').where('done_at', 'is', null));
