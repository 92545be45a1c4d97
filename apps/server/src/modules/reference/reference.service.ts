import { compareNames } from '@rounds/contracts/names';
import type { TReferenceItem, TReferenceKind } from '@rounds/contracts/reference';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { conflict, invalidField, notFound } from '../../lib/errors';
import { newId } from '../../lib/ids';
import { bumpDirectory } from '../contacts/staff-directory';
import { clearClassification, countUsersLinked, countUsersWith } from '../users/users.store';

type Table = 'facilities' | 'departments' | 'professions' | 'specialties' | 'suffixes';

/** Where each kind lives and how users link to it: a link table (many) or a column on users (one). */
export const KINDS: Record<
  TReferenceKind,
  {
    table: Table;
    link?: 'user_facilities' | 'user_departments' | 'user_specialties';
    column?: 'profession_id' | 'suffix_id';
  }
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

/** Members: users not deleted who carry the item. One grouped query for the page. */
async function membersOf(app: FastifyInstance, kind: TReferenceKind, ids: string[]): Promise<Map<string, number>> {
  if (ids.length === 0) return new Map();
  const k = KINDS[kind];
  return k.link ? countUsersLinked(app.db, k.link, ids) : countUsersWith(app.db, k.column!, ids);
}

export async function listItems(
  app: FastifyInstance,
  kind: TReferenceKind,
  q: { keyword?: string; page: number; pageSize: number; all: boolean },
) {
  const table = KINDS[kind].table;
  let base = app.db.selectFrom(table);
  if (q.keyword)
    base = base.where(sql<boolean>`lower(name) like ${`%${escapeLike(q.keyword.toLowerCase())}%`} escape '\\'`);
  // Natural order (Ward 2 before Ward 10), which SQL collations do not give: the lists are a hospital's
  // facilities, departments and roles (hundreds at most), so all matches are sorted here, then paged.
  const matching = (await base.select(['id', 'name']).execute()).sort((a, b) => compareNames(a.name, b.name));
  const total = matching.length;
  const pageSize = q.all ? Math.max(total, 1) : q.pageSize;
  const page = q.all ? 1 : q.page;
  const rows = matching.slice((page - 1) * pageSize, page * pageSize);
  const members = await membersOf(
    app,
    kind,
    rows.map((r) => r.id),
  );
  return {
    results: rows.map((r) => ({ id: r.id, name: r.name, members: members.get(r.id) ?? 0 })),
    page,
    pageSize,
    total,
  };
}

export async function getItem(app: FastifyInstance, kind: TReferenceKind, id: string): Promise<TReferenceItem> {
  const row = await app.db.selectFrom(KINDS[kind].table).select(['id', 'name']).where('id', '=', id).executeTakeFirst();
  if (!row) throw notFound();
  return { ...row, members: (await membersOf(app, kind, [id])).get(id) ?? 0 };
}

const DUPLICATE = 'duplicateName';

export async function createItem(app: FastifyInstance, kind: TReferenceKind, name: string): Promise<TReferenceItem> {
  const table = KINDS[kind].table;
  const key = name.toLowerCase();
  if (await app.db.selectFrom(table).select('id').where('name_key', '=', key).executeTakeFirst())
    throw conflict(DUPLICATE, 'DUPLICATE_NAME');
  const id = newId();
  try {
    await app.db.insertInto(table).values({ id, name, name_key: key, created_at: Date.now() }).execute();
  } catch {
    throw conflict(DUPLICATE, 'DUPLICATE_NAME'); // lost a race to the unique index
  }
  return { id, name, members: 0 };
}

export async function renameItem(
  app: FastifyInstance,
  kind: TReferenceKind,
  id: string,
  name: string,
): Promise<TReferenceItem> {
  const table = KINDS[kind].table;
  const key = name.toLowerCase();
  const clash = await app.db
    .selectFrom(table)
    .select('id')
    .where('name_key', '=', key)
    .where('id', '!=', id)
    .executeTakeFirst();
  if (clash) throw conflict(DUPLICATE, 'DUPLICATE_NAME');
  const res = await app.db.transaction().execute(async (trx) => {
    const r = await trx.updateTable(table).set({ name, name_key: key }).where('id', '=', id).executeTakeFirst();
    await bumpDirectory(trx);
    return r;
  });
  if (Number(res.numUpdatedRows) === 0) throw notFound();
  return getItem(app, kind, id);
}

/** Removes the item and, in the same transaction, takes it off every user who carried it. */
export async function deleteItem(app: FastifyInstance, kind: TReferenceKind, id: string): Promise<void> {
  const k = KINDS[kind];
  await app.db.transaction().execute(async (trx) => {
    if (k.link) await trx.deleteFrom(k.link).where('item_id', '=', id).execute();
    if (k.column) await clearClassification(trx, k.column, id);
    const res = await trx.deleteFrom(k.table).where('id', '=', id).executeTakeFirst();
    if (Number(res.numDeletedRows) === 0) throw notFound();
    await bumpDirectory(trx);
  });
}

export type Classifications = {
  facilityId: string[];
  departmentId: string[];
  professionId: string[];
  specialtyId: string[];
  suffixId: string[];
};

/** Every id a user's classifications name must exist: 400 naming the first field that lists an unknown one. */
export async function assertClassifications(app: FastifyInstance, c: Classifications): Promise<void> {
  const checks = [
    ['facilities', c.facilityId, 'facilityId'],
    ['departments', c.departmentId, 'departmentId'],
    ['professions', c.professionId, 'professionId'],
    ['specialties', c.specialtyId, 'specialtyId'],
    ['suffixes', c.suffixId, 'suffixId'],
  ] as const;
  for (const [table, ids, field] of checks) {
    if (ids.length === 0) continue;
    const found = await app.db.selectFrom(table).select('id').where('id', 'in', ids).execute();
    if (found.length !== new Set(ids).size) throw invalidField(field, 'noSuchItem');
  }
}
