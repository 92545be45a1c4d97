import type { Db } from '../../db/database';
import type { SavedFiltersTable } from '../../db/schema';

// Each user's saved filters of the directory (issue 28), and the reference items they may name.

/** The reference tables a saved filter's items come from. */
export type FilterItemTable = 'facilities' | 'departments' | 'professions' | 'specialties';

/** Which of `ids` are items of `table`. */
export function knownItemIds(db: Db, table: FilterItemTable, ids: string[]) {
  return db.selectFrom(table).select('id').where('id', 'in', ids).execute();
}

/** The names of a user's filters. */
export function filterNames(db: Db, userId: string) {
  return db.selectFrom('saved_filters').select('name').where('user_id', '=', userId).execute();
}

/** A user's filters, oldest first. */
export function userFilters(db: Db, userId: string) {
  return db.selectFrom('saved_filters').selectAll().where('user_id', '=', userId).orderBy('created_at').execute();
}

export async function insertFilter(db: Db, row: SavedFiltersTable): Promise<void> {
  await db.insertInto('saved_filters').values(row).execute();
}

/** Deletes one of the user's filters; false when they have none by that id. */
export async function deleteFilter(db: Db, id: string, userId: string): Promise<boolean> {
  const res = await db
    .deleteFrom('saved_filters')
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return Number(res.numDeletedRows) > 0;
}
