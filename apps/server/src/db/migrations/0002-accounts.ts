import type { Kysely } from 'kysely';

// biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on today's table types
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('users')
    .addColumn('failed_logins', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.alterTable('users').addColumn('locked_until', 'bigint').execute();

  // One row per sign-in; the access token carries its id (sid) so revoking it takes effect at once.
  await db.schema
    .createTable('sessions')
    .addColumn('id', 'varchar(24)', (c) => c.primaryKey())
    .addColumn('user_id', 'varchar(24)', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('remember', 'integer', (c) => c.notNull())
    .addColumn('ip', 'text')
    .addColumn('user_agent', 'text')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('revoked_at', 'bigint')
    .addColumn('revoked_reason', 'text')
    .execute();
  await db.schema.createIndex('sessions_user_idx').on('sessions').columns(['user_id', 'revoked_at']).execute();

  // Refresh tokens are stored hashed and rotated on every use; a reused (already rotated) token revokes its session.
  await db.schema
    .createTable('refresh_tokens')
    .addColumn('id', 'varchar(24)', (c) => c.primaryKey())
    .addColumn('session_id', 'varchar(24)', (c) => c.notNull().references('sessions.id').onDelete('cascade'))
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .addColumn('used_at', 'bigint')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('verification_codes')
    .addColumn('id', 'varchar(24)', (c) => c.primaryKey())
    .addColumn('user_id', 'varchar(24)', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('purpose', 'text', (c) => c.notNull())
    .addColumn('target', 'text', (c) => c.notNull())
    .addColumn('code_hash', 'text', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .addColumn('used_at', 'bigint')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('verification_codes_user_idx')
    .on('verification_codes')
    .columns(['user_id', 'purpose', 'created_at'])
    .execute();
  await db.schema
    .createIndex('verification_codes_target_idx')
    .on('verification_codes')
    .columns(['target', 'created_at'])
    .execute();

  // Every send of a code, for the per-address and per-IP resend limits.
  await db.schema
    .createTable('code_sends')
    .addColumn('id', 'varchar(24)', (c) => c.primaryKey())
    .addColumn('target', 'text', (c) => c.notNull())
    .addColumn('ip', 'text')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('code_sends_target_idx').on('code_sends').columns(['target', 'created_at']).execute();
  await db.schema.createIndex('code_sends_ip_idx').on('code_sends').columns(['ip', 'created_at']).execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  for (const t of ['code_sends', 'verification_codes', 'refresh_tokens', 'sessions'])
    await db.schema.dropTable(t).execute();
  await db.schema.alterTable('users').dropColumn('locked_until').execute();
  await db.schema.alterTable('users').dropColumn('failed_logins').execute();
}
