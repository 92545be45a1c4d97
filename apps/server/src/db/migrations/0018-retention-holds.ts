import { type Kysely, sql } from 'kysely';

/**
 * Retention and legal hold (issue 27). legal_holds: a person or a room kept whatever retention or a deletion
 * says, until released (the row stays, released, for the record). messages.removal_pending: removed by its sender
 * while on hold, hidden from everyone but its body and files kept until the hold ends. rooms.retained_from: where
 * the room's history begins once retention removed something. job_due: when a periodic job that must run once
 * across processes is next due (the retention sweep claims its run by moving it forward).
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on today's table types
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('legal_holds')
    .addColumn('id', 'varchar(24)', (c) => c.primaryKey())
    .addColumn('target_type', 'text', (c) => c.notNull())
    .addColumn('target_id', 'varchar(24)', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('reason', 'text', (c) => c.notNull())
    .addColumn('placed_by', 'varchar(24)')
    .addColumn('placed_at', 'bigint', (c) => c.notNull())
    .addColumn('released_by', 'varchar(24)')
    .addColumn('released_at', 'bigint')
    .execute();
  await db.schema
    .createIndex('legal_holds_target_idx')
    .on('legal_holds')
    .columns(['target_id', 'released_at'])
    .execute();
  await db.schema
    .alterTable('messages')
    .addColumn('removal_pending', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .createIndex('messages_removal_pending_idx')
    .on('messages')
    .column('removal_pending')
    .where(sql.ref('removal_pending'), '=', 1)
    .execute();
  await db.schema.alterTable('rooms').addColumn('retained_from', 'bigint').execute();
  await db.schema
    .createTable('job_due')
    .addColumn('name', 'text', (c) => c.primaryKey())
    .addColumn('due_at', 'bigint', (c) => c.notNull())
    .execute();
}
