import { type Kysely, sql } from 'kysely';

// biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on today's table types
export async function up(db: Kysely<any>): Promise<void> {
  // One row per call; `state` is the whole call (contracts/calls.ts ZCall) as JSON, changed only through the
  // pure transition (modules/calls/call-machine.ts) and written back only if `version` is still the one read,
  // so two tabs or two processes acting at once resolve to one outcome.
  await db.schema
    .createTable('calls')
    .addColumn('id', 'varchar(24)', (c) => c.primaryKey())
    .addColumn('room_id', 'varchar(24)', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('state', 'text', (c) => c.notNull())
    .addColumn('version', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  // At most one live call per room: a second Initialize at the same moment fails here and joins the first.
  await db.schema
    .createIndex('calls_live_room_idx')
    .on('calls')
    .column('room_id')
    .unique()
    .where(sql.ref('status'), '<>', 'ended')
    .execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('calls').execute();
}
