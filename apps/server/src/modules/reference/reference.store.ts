import type { TReferenceKind } from '@rounds/contracts/reference';
import { type Expression, type ExpressionBuilder, type SqlBool, sql } from 'kysely';
import type { Db } from '../../db/database';
import type { Database } from '../../db/schema';
import type { ClassificationColumn, ClassificationLink } from '../users/users.store';

// The SQL of the five reference lists (facilities, departments, clinical roles, specialties, suffixes) and of
// who carries their items: reference.service and administration's member lists and CSV import read it by name.

export type ReferenceTable = 'facilities' | 'departments' | 'professions' | 'specialties' | 'suffixes';

/** Where each kind lives and how users link to it: a link table (many) or a column on users (one). */
export const KINDS: Record<
  TReferenceKind,
  { table: ReferenceTable; link?: ClassificationLink; column?: ClassificationColumn }
> = {
  facility: { table: 'facilities', link: 'user_facilities' },
  department: { table: 'departments', link: 'user_departments' },
  profession: { table: 'professions', column: 'profession_id' },
  specialty: { table: 'specialties', link: 'user_specialties' },
  suffix: { table: 'suffixes', column: 'suffix_id' },
};

function escapeLike(s: string): string {
  return s.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/** The items whose name contains `keyword` (any case), or all of them, unsorted. */
export async function itemsNamed(db: Db, table: ReferenceTable, keyword?: string) {
  return db
    .selectFrom(table)
    .select(['id', 'name'])
    .$if(!!keyword, (q) =>
      q.where(sql<boolean>`lower(name) like ${`%${escapeLike(keyword!.toLowerCase())}%`} escape '\\'`),
    )
    .execute();
}

export async function itemById(db: Db, table: ReferenceTable, id: string) {
  return db.selectFrom(table).select(['id', 'name']).where('id', '=', id).executeTakeFirst();
}

/** Whether another item than `exceptId` already has this name (any case: the tables' name_key). */
export async function nameTaken(db: Db, table: ReferenceTable, name: string, exceptId?: string): Promise<boolean> {
  const row = await db
    .selectFrom(table)
    .select('id')
    .where('name_key', '=', name.toLowerCase())
    .$if(exceptId !== undefined, (q) => q.where('id', '!=', exceptId!))
    .executeTakeFirst();
  return row !== undefined;
}

export async function insertItem(db: Db, table: ReferenceTable, item: { id: string; name: string }): Promise<void> {
  await db
    .insertInto(table)
    .values({ ...item, name_key: item.name.toLowerCase(), created_at: Date.now() })
    .execute();
}

/** Renames the item; false when there is none. */
export async function renameItemRow(db: Db, table: ReferenceTable, id: string, name: string): Promise<boolean> {
  const res = await db
    .updateTable(table)
    .set({ name, name_key: name.toLowerCase() })
    .where('id', '=', id)
    .executeTakeFirst();
  return Number(res.numUpdatedRows) > 0;
}

/** Deletes the item and its links to users (a users column naming it is cleared by the caller); false when none. */
export async function deleteItemRows(db: Db, kind: TReferenceKind, id: string): Promise<boolean> {
  const k = KINDS[kind];
  if (k.link) await db.deleteFrom(k.link).where('item_id', '=', id).execute();
  const res = await db.deleteFrom(k.table).where('id', '=', id).executeTakeFirst();
  return Number(res.numDeletedRows) > 0;
}

/** How many distinct of these ids exist in the table. */
export async function countExisting(db: Db, table: ReferenceTable, ids: readonly string[]): Promise<number> {
  return (await db.selectFrom(table).select('id').where('id', 'in', ids).execute()).length;
}

/** Every name of the table, lowercased (name_key), to its id. */
export async function idsByNameKey(db: Db, table: ReferenceTable): Promise<Map<string, string>> {
  const rows = await db.selectFrom(table).select(['id', 'name_key']).execute();
  return new Map(rows.map((r) => [r.name_key, r.id]));
}

/** Adds or removes one user's link to an item; whether a row changed. */
export async function setLink(
  db: Db,
  link: ClassificationLink,
  o: { userId: string; itemId: string; add: boolean },
): Promise<boolean> {
  const has = await db
    .selectFrom(link)
    .select('user_id')
    .where('user_id', '=', o.userId)
    .where('item_id', '=', o.itemId)
    .executeTakeFirst();
  if (o.add && !has) {
    await db.insertInto(link).values({ user_id: o.userId, item_id: o.itemId }).execute();
    return true;
  }
  if (!o.add && has) {
    await db.deleteFrom(link).where('user_id', '=', o.userId).where('item_id', '=', o.itemId).execute();
    return true;
  }
  return false;
}

/** A where-clause on users: members of every item given, or with `exclude` members of none of them. */
export function membersWhere(items: readonly { kind: TReferenceKind; itemId: string }[], exclude: boolean) {
  return (eb: ExpressionBuilder<Database, 'users'>): Expression<SqlBool> => {
    const parts: Expression<SqlBool>[] = items.map(({ kind, itemId }) => {
      const k = KINDS[kind];
      const member = k.link
        ? eb.exists(
            eb
              .selectFrom(k.link)
              .select(`${k.link}.user_id`)
              .whereRef(`${k.link}.user_id`, '=', 'users.id')
              .where(`${k.link}.item_id`, '=', itemId),
          )
        : eb(`users.${k.column!}`, '=', itemId);
      if (!exclude) return member;
      return k.link
        ? eb.not(member)
        : eb.or([eb(`users.${k.column!}`, 'is', null), eb(`users.${k.column!}`, '!=', itemId)]);
    });
    return parts.length ? eb.and(parts) : eb.lit(true);
  };
}
