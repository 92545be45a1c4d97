import { type Kysely, sql } from 'kysely';

// biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on today's table types
export async function up(db: Kysely<any>): Promise<void> {
  // A browser's Web Push subscription, owned by the session that made it: whatever ends the session deletes it
  // (modules/push). The endpoint is unique: a browser that subscribes again under another session moves it.
  await db.schema
    .createTable('push_subscriptions')
    .addColumn('id', 'varchar(24)', (c) => c.primaryKey())
    .addColumn('user_id', 'varchar(24)', (c) => c.notNull())
    .addColumn('session_id', 'varchar(24)', (c) => c.notNull())
    .addColumn('endpoint', 'text', (c) => c.notNull().unique())
    .addColumn('p256dh', 'text', (c) => c.notNull())
    .addColumn('auth', 'text', (c) => c.notNull())
    .addColumn('label', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('push_subscriptions_user_idx').on('push_subscriptions').column('user_id').execute();
  await db.schema.createIndex('push_subscriptions_session_idx').on('push_subscriptions').column('session_id').execute();
  // A session has ended once its last refresh token has expired: pushes and the cleanup ask per session.
  await db.schema
    .createIndex('refresh_tokens_session_idx')
    .on('refresh_tokens')
    .columns(['session_id', 'expires_at'])
    .execute();
  // Repeat until acknowledged: one row per URGENT message and recipient, due again at next_at until they
  // acknowledge (done_at) or the repeats run out; a job claims due rows (jobs/urgent-repeat.ts).
  await db.schema
    .createTable('urgent_repeats')
    .addColumn('message_id', 'varchar(24)', (c) => c.notNull())
    .addColumn('user_id', 'varchar(24)', (c) => c.notNull())
    .addColumn('room_id', 'varchar(24)', (c) => c.notNull())
    .addColumn('count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('next_at', 'bigint', (c) => c.notNull())
    .addColumn('done_at', 'bigint')
    .addPrimaryKeyConstraint('urgent_repeats_pk', ['message_id', 'user_id'])
    .execute();
  await db.schema
    .createIndex('urgent_repeats_due_idx')
    .on('urgent_repeats')
    .column('next_at')
    .where(sql.ref('done_at'), 'is', null)
    .execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('urgent_repeats').execute();
  await db.schema.dropTable('push_subscriptions').execute();
  await db.schema.dropIndex('refresh_tokens_session_idx').execute();
}
