import type { Kysely } from 'kysely';

// Written once for both engines: only portable column types (text, integer, bigint).
// biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on today's table types
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('users')
    .addColumn('id', 'varchar(24)', (c) => c.primaryKey())
    .addColumn('email', 'text', (c) => c.notNull().unique())
    .addColumn('unverified_email', 'text')
    .addColumn('phone', 'text')
    .addColumn('phone_country_code', 'text')
    .addColumn('phone_country_name', 'text')
    .addColumn('unverified_phone', 'text')
    .addColumn('unverified_phone_country_code', 'text')
    .addColumn('unverified_phone_country_name', 'text')
    .addColumn('first_name', 'text', (c) => c.notNull())
    .addColumn('last_name', 'text', (c) => c.notNull())
    .addColumn('password_hash', 'text', (c) => c.notNull())
    .addColumn('role', 'text', (c) => c.notNull().defaultTo('Regular'))
    .addColumn('active', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('deleted', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('email_verified', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('phone_verified', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('language', 'text', (c) => c.notNull().defaultTo('en'))
    .addColumn('theme', 'text', (c) => c.notNull().defaultTo('light'))
    .addColumn('play_notification_sound', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('session_timeout', 'integer')
    .addColumn('profession_id', 'varchar(24)')
    .addColumn('suffix_id', 'varchar(24)')
    .addColumn('avatar', 'text')
    .addColumn('permissions', 'text', (c) => c.notNull().defaultTo('{}'))
    .addColumn('chat_status', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('chat_status_manual', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('last_login_at', 'bigint')
    .addColumn('password_changed_at', 'bigint', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('users_name_idx').on('users').columns(['first_name', 'last_name']).execute();

  for (const kind of ['facilities', 'departments', 'professions', 'specialties', 'suffixes']) {
    await db.schema
      .createTable(kind)
      .addColumn('id', 'varchar(24)', (c) => c.primaryKey())
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('name_key', 'text', (c) => c.notNull().unique())
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .execute();
  }
  for (const [link, target] of [
    ['user_facilities', 'facilities'],
    ['user_departments', 'departments'],
    ['user_specialties', 'specialties'],
  ] as const) {
    await db.schema
      .createTable(link)
      .addColumn('user_id', 'varchar(24)', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('item_id', 'varchar(24)', (c) => c.notNull().references(`${target}.id`).onDelete('cascade'))
      .addPrimaryKeyConstraint(`${link}_pk`, ['user_id', 'item_id'])
      .execute();
    await db.schema.createIndex(`${link}_item_idx`).on(link).columns(['item_id', 'user_id']).execute();
  }

  await db.schema
    .createTable('settings')
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('value', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('audit_logs')
    .addColumn('id', 'varchar(24)', (c) => c.primaryKey())
    .addColumn('user_id', 'varchar(24)')
    .addColumn('event', 'text', (c) => c.notNull())
    .addColumn('ip', 'text')
    .addColumn('details', 'text')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('audit_logs_created_idx').on('audit_logs').column('created_at').execute();
  await db.schema.createIndex('audit_logs_user_idx').on('audit_logs').columns(['user_id', 'created_at']).execute();

  await db.schema
    .createTable('outbox')
    .addColumn('id', 'varchar(24)', (c) => c.primaryKey())
    .addColumn('channel', 'text', (c) => c.notNull())
    .addColumn('recipient', 'text', (c) => c.notNull())
    .addColumn('subject', 'text')
    .addColumn('text', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('outbox_recipient_idx').on('outbox').columns(['recipient', 'created_at']).execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  for (const t of [
    'outbox',
    'audit_logs',
    'settings',
    'user_specialties',
    'user_departments',
    'user_facilities',
    'suffixes',
    'specialties',
    'professions',
    'departments',
    'facilities',
    'users',
  ]) {
    await db.schema.dropTable(t).execute();
  }
}
