import type { Kysely } from 'kysely';

/**
 * Settings lists the account's signed-in devices (issue 26): when each session was last seen and from which
 * address. A session's client renews its access token every few minutes while it is open, so the refresh is
 * where both are written (auth.service refresh); rows from before have neither and show their sign-in instead.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on today's table types
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('sessions').addColumn('last_seen_at', 'bigint').execute();
  await db.schema.alterTable('sessions').addColumn('last_ip', 'text').execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('sessions').dropColumn('last_ip').execute();
  await db.schema.alterTable('sessions').dropColumn('last_seen_at').execute();
}
