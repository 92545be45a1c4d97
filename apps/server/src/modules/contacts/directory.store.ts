import { sql } from 'kysely';
import type { Db } from '../../db/database';
import { groupBy } from '../../lib/group-by';
import type { ClassificationLink } from '../users/users.store';

// What the staff directory's snapshot reads besides the users rows (users.store directoryUsers): the names of
// the reference items, who carries which, and the `directory` counter with the changes it numbers.

/** Every reference item's name by id, the five lists together (ids are unique across them). */
export async function itemNames(db: Db): Promise<Map<string, string>> {
  const names = new Map<string, string>();
  for (const table of ['facilities', 'departments', 'professions', 'specialties', 'suffixes'] as const) {
    for (const r of await db.selectFrom(table).select(['id', 'name']).execute()) names.set(r.id, r.name);
  }
  return names;
}

/** Each user's items in a link table; only the users of `ids` when given. */
export async function linksByUser(
  db: Db,
  table: ClassificationLink,
  ids?: readonly string[],
): Promise<Map<string, string[]>> {
  const rows = await db
    .selectFrom(table)
    .select(['user_id', 'item_id'])
    .$if(ids !== undefined, (q) => q.where('user_id', 'in', ids!))
    .execute();
  return groupBy(
    rows,
    (r) => r.user_id,
    (r) => r.item_id,
  );
}

/** The directory's version now: the `directory` counter, which every change to what it shows moves. */
export async function directoryVersion(db: Db): Promise<number> {
  const row = await db.selectFrom('counters').select('value').where('name', '=', 'directory').executeTakeFirst();
  return Number(row?.value ?? 0);
}

/** The changes numbered after `from` up to `to`: whom each was about (null: not about one person). */
export async function changesBetween(db: Db, from: number, to: number) {
  return db
    .selectFrom('directory_changes')
    .select('user_id')
    .where('version', '>', from)
    .where('version', '<=', to)
    .execute();
}

/** Moves the `directory` counter on and gives its new value, the number of the change being written. */
export async function nextDirectoryVersion(db: Db): Promise<number> {
  // The counter's row lock orders concurrent writers, so change N commits no later than counter N is seen.
  const { value } = await db
    .updateTable('counters')
    .set({ value: sql`value + 1` })
    .where('name', '=', 'directory')
    .returning('value')
    .executeTakeFirstOrThrow();
  return Number(value);
}

/** Records change `version`: whom it was about (null: not about one person). */
export async function insertChange(db: Db, version: number, userId: string | null): Promise<void> {
  await db.insertInto('directory_changes').values({ version, user_id: userId }).execute();
}

export async function forgetChangesUpTo(db: Db, version: number): Promise<void> {
  await db.deleteFrom('directory_changes').where('version', '<=', version).execute();
}
