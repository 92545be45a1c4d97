import type { Kysely } from 'kysely';

// biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on today's table types
export async function up(db: Kysely<any>): Promise<void> {
  // Failed sign-ins counted per account, per address and per (address, account), shared by every process
  // (modules/auth/login-throttle.ts). Rows end with their window and are swept.
  await db.schema
    .createTable('login_throttle')
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('failures', 'integer', (c) => c.notNull())
    .addColumn('window_until', 'bigint', (c) => c.notNull())
    .addColumn('blocked_until', 'bigint')
    .execute();
  await db.schema.createIndex('login_throttle_window_idx').on('login_throttle').column('window_until').execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('login_throttle').execute();
}
