import { type Kysely, sql } from 'kysely';

/**
 * On-call duty roles (issue 25). A role belongs to a facility (and maybe a department); who holds it comes from
 * three tables read together at an instant (modules/on-call/duty-schedule.rules.ts): hand holds and releases
 * ('hand' and 'off' rows, every change a row so the user log can say who held what from when to when), one-off
 * shifts, and weekly rotations written in the role's local time.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on today's table types
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('duty_roles')
    .addColumn('id', 'varchar(24)', (c) => c.primaryKey())
    .addColumn('facility_id', 'varchar(24)', (c) => c.notNull())
    .addColumn('department_id', 'varchar(24)')
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('name_key', 'text', (c) => c.notNull())
    .addColumn('time_zone', 'text', (c) => c.notNull())
    .addColumn('retired_at', 'bigint')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  // One live role of a name per facility; a retired name can be used again.
  await db.schema
    .createIndex('duty_roles_name_idx')
    .on('duty_roles')
    .columns(['facility_id', 'name_key'])
    .unique()
    .where(sql.ref('retired_at'), 'is', null)
    .execute();

  await db.schema
    .createTable('duty_role_holds')
    .addColumn('id', 'varchar(24)', (c) => c.primaryKey())
    .addColumn('role_id', 'varchar(24)', (c) => c.notNull())
    .addColumn('user_id', 'varchar(24)', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('starts_at', 'bigint', (c) => c.notNull())
    .addColumn('ends_at', 'bigint')
    .addColumn('note', 'text')
    .addColumn('created_by', 'varchar(24)', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('duty_role_holds_role_idx')
    .on('duty_role_holds')
    .columns(['role_id', 'ends_at'])
    .execute();

  await db.schema
    .createTable('duty_role_shifts')
    .addColumn('id', 'varchar(24)', (c) => c.primaryKey())
    .addColumn('role_id', 'varchar(24)', (c) => c.notNull())
    .addColumn('user_id', 'varchar(24)', (c) => c.notNull())
    .addColumn('starts_at', 'bigint', (c) => c.notNull())
    .addColumn('ends_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('duty_role_shifts_role_idx')
    .on('duty_role_shifts')
    .columns(['role_id', 'starts_at'])
    .execute();

  await db.schema
    .createTable('duty_role_rotations')
    .addColumn('id', 'varchar(24)', (c) => c.primaryKey())
    .addColumn('role_id', 'varchar(24)', (c) => c.notNull())
    .addColumn('user_id', 'varchar(24)', (c) => c.notNull())
    .addColumn('weekdays', 'text', (c) => c.notNull())
    .addColumn('start_time', 'text', (c) => c.notNull())
    .addColumn('end_time', 'text', (c) => c.notNull())
    .addColumn('from_date', 'text', (c) => c.notNull())
    .addColumn('until_date', 'text')
    .addColumn('exceptions', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('duty_role_rotations_role_idx').on('duty_role_rotations').column('role_id').execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  for (const table of ['duty_role_rotations', 'duty_role_shifts', 'duty_role_holds', 'duty_roles']) {
    await db.schema.dropTable(table).execute();
  }
}
