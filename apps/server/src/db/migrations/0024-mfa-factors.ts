import type { Kysely } from 'kysely';

/**
 * Multi-factor sign-in (issue 26). mfa_factors: an authenticator app (TOTP) per row, its seed sealed with the
 * server's key; a row with no confirmed_at is an enrolment still waiting for its first code. mfa_recovery_codes:
 * the ten one-time codes, kept only as keyed hashes; used_at marks the one spent.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on today's table types
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('mfa_factors')
    .addColumn('id', 'varchar(24)', (c) => c.primaryKey())
    .addColumn('user_id', 'varchar(24)', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('label', 'text', (c) => c.notNull())
    .addColumn('secret_sealed', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('confirmed_at', 'bigint')
    .addColumn('last_used_at', 'bigint')
    .execute();
  await db.schema.createIndex('mfa_factors_user_idx').on('mfa_factors').column('user_id').execute();
  await db.schema
    .createTable('mfa_recovery_codes')
    .addColumn('id', 'varchar(24)', (c) => c.primaryKey())
    .addColumn('user_id', 'varchar(24)', (c) => c.notNull())
    .addColumn('code_hash', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('used_at', 'bigint')
    .execute();
  await db.schema.createIndex('mfa_recovery_codes_user_idx').on('mfa_recovery_codes').column('user_id').execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('mfa_recovery_codes').execute();
  await db.schema.dropTable('mfa_factors').execute();
}
