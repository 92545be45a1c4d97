import type { Kysely } from 'kysely';

/**
 * Messaging a role (issue 25). messages.as_role: the duty role's name a holder wrote as ("Dr Roy as Cardiology on
 * call"), kept as it was when sent so a later rename or handover does not rewrite who spoke for what; null for
 * every other message. room_members.role_seat: in a role's room, why someone is a member: 'holder' (they hold the
 * role now; they leave when they stop) or 'sender' (they opened the role's conversation; they stay to see the
 * answers); null in every other room.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on today's table types
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('messages').addColumn('as_role', 'text').execute();
  await db.schema.alterTable('room_members').addColumn('role_seat', 'varchar(8)').execute();
}
