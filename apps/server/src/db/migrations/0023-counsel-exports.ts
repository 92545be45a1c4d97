import type { Kysely } from 'kysely';

/**
 * Export for counsel (issue 27): each export an Admin asked for, with its parameters, and the hash of its
 * single-use download link (the link itself is never stored). `used_at` is set when the download starts, so a
 * link works once, on whichever process the browser reaches.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on today's table types
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('counsel_exports')
    .addColumn('id', 'varchar(24)', (c) => c.primaryKey())
    .addColumn('token_hash', 'varchar(64)', (c) => c.notNull().unique())
    .addColumn('scope', 'text', (c) => c.notNull())
    .addColumn('target_id', 'varchar(24)', (c) => c.notNull())
    .addColumn('from_at', 'bigint', (c) => c.notNull())
    .addColumn('to_at', 'bigint', (c) => c.notNull())
    .addColumn('created_by', 'varchar(24)', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .addColumn('used_at', 'bigint')
    .execute();
}
