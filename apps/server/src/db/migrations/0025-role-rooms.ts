import type { Kysely } from 'kysely';

/**
 * A duty role's conversation (issue 25): one room per role, whose members follow whoever holds the role. The
 * link lives on the room so the chat code that reads rooms needs no join to know a room speaks for a role.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on today's table types
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('rooms').addColumn('duty_role_id', 'varchar(24)').execute();
  await db.schema.createIndex('rooms_duty_role_uq').on('rooms').column('duty_role_id').unique().execute();
}
