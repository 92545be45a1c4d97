import type { Kysely } from 'kysely';

/**
 * Quick unlock on shared workstations (issue 26): a user's PIN (argon2id, like passwords), and per session the
 * wrong tries in a row, so the fifth ends that session and no other.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on today's table types
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('unlock_pins')
    .addColumn('user_id', 'text', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('pin_hash', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .alterTable('sessions')
    .addColumn('failed_unlocks', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('sessions').dropColumn('failed_unlocks').execute();
  await db.schema.dropTable('unlock_pins').execute();
}
