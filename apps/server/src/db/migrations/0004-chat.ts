import type { Kysely } from 'kysely';

// biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on today's table types
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('rooms')
    .addColumn('id', 'varchar(24)', (c) => c.primaryKey())
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('name', 'text')
    // Lowercased group name: unique among live groups; archiving a group clears it, freeing the name.
    .addColumn('name_key', 'text')
    // "smallerId:largerId" for a direct room, so a pair has one room however both race to create it.
    .addColumn('direct_key', 'text', (c) => c.unique())
    .addColumn('owner_id', 'varchar(24)', (c) => c.references('users.id'))
    .addColumn('archived_by', 'varchar(24)', (c) => c.references('users.id'))
    .addColumn('last_seq', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('last_message_id', 'varchar(24)')
    .addColumn('last_message_at', 'bigint')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('rooms_name_key_uq').on('rooms').column('name_key').unique().execute();

  await db.schema
    .createTable('room_members')
    .addColumn('room_id', 'varchar(24)', (c) => c.notNull().references('rooms.id').onDelete('cascade'))
    .addColumn('user_id', 'varchar(24)', (c) => c.notNull().references('users.id'))
    .addColumn('joined_at', 'bigint', (c) => c.notNull())
    .addColumn('is_favorite', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('muted', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('last_read_seq', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('unread_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('room_members_pk', ['room_id', 'user_id'])
    .execute();
  await db.schema.createIndex('room_members_user_idx').on('room_members').column('user_id').execute();

  await db.schema
    .createTable('messages')
    .addColumn('id', 'varchar(24)', (c) => c.primaryKey())
    .addColumn('room_id', 'varchar(24)', (c) => c.notNull().references('rooms.id').onDelete('cascade'))
    .addColumn('seq', 'bigint', (c) => c.notNull())
    .addColumn('client_id', 'text', (c) => c.notNull())
    .addColumn('author_id', 'varchar(24)', (c) => c.references('users.id'))
    // AES-256-GCM: base64url of iv | tag | ciphertext (lib/message-crypto.ts).
    .addColumn('body', 'text', (c) => c.notNull())
    .addColumn('attributes', 'text', (c) => c.notNull())
    .addColumn('removed', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addUniqueConstraint('messages_room_seq_uq', ['room_id', 'seq'])
    .addUniqueConstraint('messages_room_client_uq', ['room_id', 'client_id'])
    .execute();

  // Each advance of a member's read position: the seen-by list of a message is the first read at or past it.
  await db.schema
    .createTable('message_reads')
    .addColumn('room_id', 'varchar(24)', (c) => c.notNull().references('rooms.id').onDelete('cascade'))
    .addColumn('user_id', 'varchar(24)', (c) => c.notNull().references('users.id'))
    .addColumn('seq', 'bigint', (c) => c.notNull())
    .addColumn('read_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('message_reads_pk', ['room_id', 'seq', 'user_id'])
    .execute();
}
