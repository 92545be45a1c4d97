import { type Kysely, sql } from 'kysely';

/**
 * GET /user (the administrators' users table) sorts 20,000 staff by one column, ties broken by id: with the
 * sort in an index, a page is a walk down the index to its rows instead of a sort of every user, and a
 * FacilityAdmin's scope is checked on the rows walked, not on the whole hospital (bench/admin). The search key
 * index carries role and id, so counting a search or a FacilityAdmin's users reads the index, not the rows.
 */
const ORDERS = {
  users_admin_first_idx: sql`deleted, lower(first_name), id`,
  users_admin_last_idx: sql`deleted, lower(last_name), id`,
  users_admin_email_idx: sql`deleted, lower(email), id`,
  users_admin_role_idx: sql`deleted, role, id`,
  users_admin_active_idx: sql`deleted, active, id`,
  users_admin_login_idx: sql`deleted, last_login_at, id`,
  users_admin_search_idx: sql`deleted, search_key, role, id`,
};

// biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on today's table types
export async function up(db: Kysely<any>): Promise<void> {
  for (const [name, columns] of Object.entries(ORDERS)) {
    await db.schema.createIndex(name).on('users').expression(columns).execute();
  }
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  for (const name of Object.keys(ORDERS)) await db.schema.dropIndex(name).execute();
}
