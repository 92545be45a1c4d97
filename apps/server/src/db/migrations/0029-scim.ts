import type { Kysely } from 'kysely';

/**
 * Provisioning with SCIM 2.0 (issue 26). scim_tokens: the bearer tokens an Admin creates for the hospital's
 * directory, kept only as SHA-256 hashes (the token is shown once); revoked_at ends one. scim_users: what the
 * directory said about a Rounds user that Rounds keeps no column for (externalId, and the attributes it only
 * echoes back: emails as sent, title, the enterprise extension). scim_groups: a directory group and the
 * reference item or role it stands for (its members are that item's members, so nothing is stored twice).
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on today's table types
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('scim_tokens')
    .addColumn('id', 'varchar(24)', (c) => c.primaryKey())
    .addColumn('label', 'text', (c) => c.notNull())
    .addColumn('token_hash', 'varchar(64)', (c) => c.notNull().unique())
    .addColumn('created_by', 'varchar(24)', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('rotated_at', 'bigint')
    .addColumn('last_used_at', 'bigint')
    .addColumn('revoked_at', 'bigint')
    .execute();
  await db.schema
    .createTable('scim_users')
    .addColumn('user_id', 'varchar(24)', (c) => c.primaryKey())
    .addColumn('external_id', 'text')
    .addColumn('attributes', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('scim_users_external_idx').on('scim_users').column('external_id').execute();
  await db.schema
    .createTable('scim_groups')
    .addColumn('id', 'varchar(24)', (c) => c.primaryKey())
    .addColumn('display_name', 'text', (c) => c.notNull())
    .addColumn('name_key', 'text', (c) => c.notNull().unique())
    .addColumn('external_id', 'text')
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('target', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('scim_groups').execute();
  await db.schema.dropTable('scim_users').execute();
  await db.schema.dropTable('scim_tokens').execute();
}
