import { type Kysely, sql } from 'kysely';

// biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on today's table types
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('saved_filters')
    .addColumn('id', 'varchar(24)', (c) => c.primaryKey())
    .addColumn('user_id', 'varchar(24)', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('params', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('saved_filters_user_idx')
    .on('saved_filters')
    .columns(['user_id', 'created_at'])
    .execute();

  // Live sockets per server process; a process that dies leaves rows that the others (or its restart) sweep.
  await db.schema
    .createTable('presence')
    .addColumn('socket_id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'varchar(24)', (c) => c.notNull())
    .addColumn('server_id', 'varchar(24)', (c) => c.notNull())
    .addColumn('connected_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('presence_user_idx').on('presence').column('user_id').execute();
  await db.schema.createIndex('presence_server_idx').on('presence').column('server_id').execute();
  await db.schema
    .createTable('servers')
    .addColumn('id', 'varchar(24)', (c) => c.primaryKey())
    .addColumn('heartbeat_at', 'bigint', (c) => c.notNull())
    .execute();

  // Change counters that caches on every server process compare against (the directory snapshot).
  await db.schema
    .createTable('counters')
    .addColumn('name', 'text', (c) => c.primaryKey())
    .addColumn('value', 'bigint', (c) => c.notNull())
    .execute();
  await db.insertInto('counters').values({ name: 'directory', value: 0 }).execute();

  // One lowercased text per user for the directory search: a single LIKE instead of three computed ones.
  await db.schema
    .alterTable('users')
    .addColumn('search_key', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
  await sql`update users set search_key = lower(first_name || ' ' || last_name || ' ' || last_name || ' ' || first_name || ' ' || email)`.execute(
    db,
  );

  // The directory query filters on these and sorts by name.
  await db.schema
    .createIndex('users_directory_idx')
    .on('users')
    .columns(['deleted', 'active', 'first_name', 'last_name'])
    .execute();
  await db.schema.createIndex('users_profession_idx').on('users').column('profession_id').execute();
  await db.schema.createIndex('users_suffix_idx').on('users').column('suffix_id').execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  for (const i of ['users_suffix_idx', 'users_profession_idx', 'users_directory_idx'])
    await db.schema.dropIndex(i).execute();
  for (const t of ['counters', 'servers', 'presence', 'saved_filters']) await db.schema.dropTable(t).execute();
  await db.schema.alterTable('users').dropColumn('search_key').execute();
}
