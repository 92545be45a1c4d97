import type { Kysely } from 'kysely';

/**
 * Break-glass access (issue 27). break_glass_grants: an Admin's read-only access to a room they are not a member
 * of, with the reason they typed; live while not ended and before expires_at (checked on every read, never by a
 * timer). The rows stay, for the record.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on today's table types
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('break_glass_grants')
    .addColumn('id', 'varchar(24)', (c) => c.primaryKey())
    .addColumn('admin_id', 'varchar(24)', (c) => c.notNull())
    .addColumn('room_id', 'varchar(24)', (c) => c.notNull())
    .addColumn('reason', 'text', (c) => c.notNull())
    .addColumn('granted_at', 'bigint', (c) => c.notNull())
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .addColumn('ended_at', 'bigint')
    .execute();
  await db.schema
    .createIndex('break_glass_grants_holder_idx')
    .on('break_glass_grants')
    .columns(['admin_id', 'room_id', 'expires_at'])
    .execute();
}
