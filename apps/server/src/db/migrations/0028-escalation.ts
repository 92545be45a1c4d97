import type { Kysely } from 'kysely';

/**
 * Escalation chains (issue 25). A duty role's policy is its ordered steps ("after N minutes without an
 * acknowledgement, alert this role or this person") and the minutes after the last one when the sender is told
 * nobody answered. An URGENT message in a role's room starts a chain: one row, and one row per step due, each a
 * durable job claimed by the process that fires it (jobs/escalation-steps.ts). The chain's events are the
 * timeline the sender sees.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on today's table types
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('escalation_policies')
    .addColumn('role_id', 'varchar(24)', (c) => c.primaryKey())
    .addColumn('final_after_minutes', 'integer', (c) => c.notNull())
    .addColumn('updated_by', 'varchar(24)', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('escalation_policy_steps')
    .addColumn('role_id', 'varchar(24)', (c) => c.notNull())
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('after_minutes', 'integer', (c) => c.notNull())
    .addColumn('target_role_id', 'varchar(24)')
    .addColumn('target_user_id', 'varchar(24)')
    .addPrimaryKeyConstraint('escalation_policy_steps_pk', ['role_id', 'position'])
    .execute();
  await db.schema
    .createIndex('escalation_policy_steps_target_idx')
    .on('escalation_policy_steps')
    .column('target_role_id')
    .execute();

  await db.schema
    .createTable('escalation_chains')
    .addColumn('id', 'varchar(24)', (c) => c.primaryKey())
    .addColumn('message_id', 'varchar(24)', (c) => c.notNull().unique())
    .addColumn('room_id', 'varchar(24)', (c) => c.notNull())
    .addColumn('role_id', 'varchar(24)', (c) => c.notNull())
    .addColumn('sender_id', 'varchar(24)', (c) => c.notNull())
    .addColumn('started_at', 'bigint', (c) => c.notNull())
    // null while it runs; then 'acknowledged' or 'unanswered'
    .addColumn('outcome', 'text')
    .addColumn('ended_at', 'bigint')
    .execute();
  await db.schema
    .createIndex('escalation_chains_role_idx')
    .on('escalation_chains')
    .columns(['role_id', 'ended_at'])
    .execute();

  // One row per step of a running chain: 'pending' until a process claims it ('fired') or the chain ends
  // ('cancelled'). kind 'final' is the step that tells the sender nobody answered.
  await db.schema
    .createTable('escalation_jobs')
    .addColumn('id', 'varchar(24)', (c) => c.primaryKey())
    .addColumn('chain_id', 'varchar(24)', (c) => c.notNull())
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('target_role_id', 'varchar(24)')
    .addColumn('target_user_id', 'varchar(24)')
    .addColumn('due_at', 'bigint', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('fired_at', 'bigint')
    .execute();
  await db.schema.createIndex('escalation_jobs_due_idx').on('escalation_jobs').columns(['status', 'due_at']).execute();
  await db.schema.createIndex('escalation_jobs_chain_idx').on('escalation_jobs').column('chain_id').execute();
  await db.schema
    .createIndex('escalation_jobs_target_idx')
    .on('escalation_jobs')
    .columns(['target_role_id', 'status'])
    .execute();

  // The timeline: what happened to the chain, in order. `data` is JSON: who was alerted, as whom.
  await db.schema
    .createTable('escalation_events')
    .addColumn('id', 'varchar(24)', (c) => c.primaryKey())
    .addColumn('chain_id', 'varchar(24)', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('at', 'bigint', (c) => c.notNull())
    .addColumn('data', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('escalation_events_chain_idx')
    .on('escalation_events')
    .columns(['chain_id', 'at'])
    .execute();
}
