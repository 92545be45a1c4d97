import type { Kysely } from 'kysely';

// biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on today's table types
export async function up(db: Kysely<any>): Promise<void> {
  // Which person each move of the `directory` counter was about (null: anything, such as a renamed
  // department), so a process brings its directory snapshot up to date one person at a time instead of
  // rebuilding it (modules/contacts/staff-directory.ts). Only the latest changes are kept.
  await db.schema
    .createTable('directory_changes')
    .addColumn('version', 'bigint', (c) => c.primaryKey())
    .addColumn('user_id', 'varchar(24)')
    .execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('directory_changes').execute();
}
