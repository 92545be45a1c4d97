import type { Kysely } from 'kysely';

// biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on today's table types
export async function up(db: Kysely<any>): Promise<void> {
  // A message's files and voice note, JSON: { files: [...], voice: {...} | null }.
  await db.schema.alterTable('messages').addColumn('media', 'text').execute();

  // Uploaded files: readable by their uploader until sent, then by the members of the room they were sent to.
  await db.schema
    .createTable('uploads')
    .addColumn('key', 'varchar(32)', (c) => c.primaryKey())
    .addColumn('uploader_id', 'varchar(24)', (c) => c.notNull().references('users.id'))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('size', 'bigint', (c) => c.notNull())
    .addColumn('room_id', 'varchar(24)', (c) => c.references('rooms.id').onDelete('cascade'))
    .addColumn('message_id', 'varchar(24)')
    .addColumn('thumb_key', 'varchar(32)')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('uploads_unsent_idx').on('uploads').columns(['room_id', 'created_at']).execute();

  // The ?rs= link of a priority message's SMS: a log id that leads to the conversation and the message.
  await db.schema
    .createTable('message_logs')
    .addColumn('id', 'varchar(24)', (c) => c.primaryKey())
    .addColumn('message_id', 'varchar(24)', (c) => c.notNull().references('messages.id').onDelete('cascade'))
    .addColumn('room_id', 'varchar(24)', (c) => c.notNull().references('rooms.id').onDelete('cascade'))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('acknowledgements')
    .addColumn('message_id', 'varchar(24)', (c) => c.notNull().references('messages.id').onDelete('cascade'))
    .addColumn('user_id', 'varchar(24)', (c) => c.notNull().references('users.id'))
    .addColumn('acknowledged_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('acknowledgements_pk', ['message_id', 'user_id'])
    .execute();

  // URGENT messages waiting for acknowledgement: a sweep re-notifies those past due (durable across restarts).
  await db.schema
    .createTable('escalations')
    .addColumn('message_id', 'varchar(24)', (c) => c.primaryKey().references('messages.id').onDelete('cascade'))
    .addColumn('due_at', 'bigint', (c) => c.notNull())
    .addColumn('done_at', 'bigint')
    .execute();
  await db.schema.createIndex('escalations_due_idx').on('escalations').columns(['done_at', 'due_at']).execute();
}
