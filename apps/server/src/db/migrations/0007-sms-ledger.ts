import type { Kysely } from 'kysely';

// biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on today's table types
export async function up(db: Kysely<any>): Promise<void> {
  // Every SMS sent or refused by a cap: the spend an Admin sees, and "one SMS per message and person" (a
  // re-mark or a second reminder finds its row and sends nothing). Account codes have no message.
  await db.schema
    .createTable('sms_sends')
    .addColumn('id', 'varchar(24)', (c) => c.primaryKey())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('sender_id', 'varchar(24)')
    .addColumn('recipient_id', 'varchar(24)')
    .addColumn('message_id', 'varchar(24)')
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('reason', 'text')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('sms_sends_once_idx')
    .on('sms_sends')
    .columns(['message_id', 'recipient_id', 'kind'])
    .unique()
    .execute();
  await db.schema.createIndex('sms_sends_time_idx').on('sms_sends').columns(['created_at']).execute();

  // Windowed SMS caps as counters raised by one conditional upsert: exact across processes and engines.
  await db.schema
    .createTable('sms_counters')
    .addColumn('key', 'varchar(160)', (c) => c.primaryKey())
    .addColumn('count', 'integer', (c) => c.notNull())
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .execute();
}
