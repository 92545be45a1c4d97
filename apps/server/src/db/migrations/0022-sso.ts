import type { Kysely } from 'kysely';

/**
 * Single sign-on (issue 26). sso_attempts: one sign-in on its way through the provider, keyed by the hash of its
 * state, bound to the browser that started it (the hash of a cookie), with its PKCE verifier (sealed) and nonce;
 * used once. sso_identities: which provider subject is which account (linked once). sso_sessions: the provider's
 * session behind a Rounds session (its sid for back-channel logout, the ID token, sealed, for RP-initiated logout).
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on today's table types
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('sso_attempts')
    .addColumn('state_hash', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('browser_hash', 'varchar(64)', (c) => c.notNull())
    .addColumn('verifier', 'text', (c) => c.notNull())
    .addColumn('nonce', 'text', (c) => c.notNull())
    .addColumn('remember', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('used_at', 'bigint')
    .execute();
  await db.schema.createIndex('sso_attempts_created_idx').on('sso_attempts').column('created_at').execute();
  await db.schema
    .createTable('sso_identities')
    .addColumn('issuer', 'text', (c) => c.notNull())
    .addColumn('subject', 'text', (c) => c.notNull())
    .addColumn('user_id', 'varchar(24)', (c) => c.notNull())
    .addColumn('linked_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('sso_identities_pk', ['issuer', 'subject'])
    .execute();
  await db.schema
    .createIndex('sso_identities_user_idx')
    .on('sso_identities')
    .columns(['user_id', 'issuer'])
    .unique()
    .execute();
  await db.schema
    .createTable('sso_sessions')
    .addColumn('session_id', 'varchar(24)', (c) => c.primaryKey())
    .addColumn('user_id', 'varchar(24)', (c) => c.notNull())
    .addColumn('issuer', 'text', (c) => c.notNull())
    .addColumn('subject', 'text', (c) => c.notNull())
    .addColumn('sid', 'text')
    .addColumn('id_token', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('sso_sessions_sid_idx').on('sso_sessions').columns(['issuer', 'sid']).execute();
  await db.schema.createIndex('sso_sessions_subject_idx').on('sso_sessions').columns(['issuer', 'subject']).execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('sso_sessions').execute();
  await db.schema.dropTable('sso_identities').execute();
  await db.schema.dropTable('sso_attempts').execute();
}
