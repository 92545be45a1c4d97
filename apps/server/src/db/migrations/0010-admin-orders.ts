import type { Kysely } from 'kysely';

// biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on today's table types
export async function up(db: Kysely<any>): Promise<void> {
  // The user logs are read newest first with the id breaking ties (GET /user/logs, and the logs.csv export's
  // keyset batches): with both in one index, a batch is a walk down the index instead of a sort of every log
  // older than it, so the millionth row of an export costs what the first does.
  await db.schema.createIndex('audit_logs_order_idx').on('audit_logs').columns(['created_at', 'id']).execute();
  await db.schema.dropIndex('audit_logs_created_idx').execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.createIndex('audit_logs_created_idx').on('audit_logs').column('created_at').execute();
  await db.schema.dropIndex('audit_logs_order_idx').execute();
}
