import { type Kysely, sql } from 'kysely';

// biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on today's table types
export async function up(db: Kysely<any>): Promise<void> {
  // SMS and email owed after a commit, written in the same transaction as what asked for them, so a crash
  // after commit loses none; a worker (jobs/notification-worker.ts) claims due rows for a while
  // (claimed_until), sends, and marks them sent or due again later (docs/decisions.md "Notification jobs").
  await db.schema
    .createTable('notification_jobs')
    .addColumn('id', 'varchar(24)', (c) => c.primaryKey())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('recipient', 'text', (c) => c.notNull())
    .addColumn('subject', 'text')
    .addColumn('text', 'text', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('next_attempt_at', 'bigint', (c) => c.notNull())
    .addColumn('claimed_by', 'text')
    .addColumn('claimed_until', 'bigint')
    .addColumn('sent_at', 'bigint')
    .addColumn('failed_at', 'bigint')
    .addColumn('last_error', 'text')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  // Only the rows still owed: the worker's poll stays an index lookup however many were sent.
  await db.schema
    .createIndex('notification_jobs_due_idx')
    .on('notification_jobs')
    .column('next_attempt_at')
    .where(sql.ref('sent_at'), 'is', null)
    .where(sql.ref('failed_at'), 'is', null)
    .execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('notification_jobs').execute();
}
