import type { Kysely } from 'kysely';

// biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on today's table types
export async function up(db: Kysely<any>): Promise<void> {
  // How far each member's devices have received a room (the acknowledgement grid's "delivered"): moved forward
  // when a history or catch-up reply carries messages to them and when a tab reports a priority message it
  // received live. A position like last_read_seq, so a room of 2,000 costs one column, not a row per message.
  await db.schema
    .alterTable('room_members')
    .addColumn('delivered_seq', 'bigint', (c) => c.notNull().defaultTo(0))
    .execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('room_members').dropColumn('delivered_seq').execute();
}
