import type { Kysely } from 'kysely';

/**
 * Passkeys (issue 26). A passkey is a factor like an authenticator app: a row of mfa_factors with kind
 * 'passkey', so listing, renaming, removing and an Admin's reset treat both alike. Its secret stays on the
 * device: the row keeps the credential's id, its public key (COSE, base64url), the signature counter and the
 * transports, and secret_sealed is empty. webauthn_challenges: each ceremony's challenge, single-use and
 * short-lived, found by the random handle the browser holds (user_id null for a sign-in without a password).
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on today's table types
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('mfa_factors').addColumn('credential_id', 'text').execute();
  await db.schema.alterTable('mfa_factors').addColumn('public_key', 'text').execute();
  await db.schema.alterTable('mfa_factors').addColumn('sign_count', 'bigint').execute();
  await db.schema.alterTable('mfa_factors').addColumn('transports', 'text').execute();
  await db.schema
    .createIndex('mfa_factors_credential_idx')
    .on('mfa_factors')
    .column('credential_id')
    .unique()
    .execute();
  await db.schema
    .createTable('webauthn_challenges')
    .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('purpose', 'text', (c) => c.notNull())
    .addColumn('user_id', 'varchar(24)')
    .addColumn('challenge', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('webauthn_challenges_expiry_idx')
    .on('webauthn_challenges')
    .column('expires_at')
    .execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('webauthn_challenges').execute();
  await db.schema.dropIndex('mfa_factors_credential_idx').execute();
  for (const column of ['transports', 'sign_count', 'public_key', 'credential_id'])
    await db.schema.alterTable('mfa_factors').dropColumn(column).execute();
}
