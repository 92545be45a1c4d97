import { compareNames } from '@rounds/contracts/names';
import type { TReferenceItem, TReferenceKind } from '@rounds/contracts/reference';
import type { Db } from '../../db/database';
import { conflict, invalidField, notFound } from '../../lib/errors';
import { newId } from '../../lib/ids';
import { bumpDirectory } from '../contacts/staff-directory';
import { clearClassification, countUsersLinked, countUsersWith } from '../users/users.store';
import * as store from './reference.store';
import { KINDS } from './reference.store';

/** Reference data reads and writes only the database. */
export type ReferenceDeps = { db: Db };

/** Members: users not deleted who carry the item. One grouped query for the page. */
async function membersOf(db: Db, kind: TReferenceKind, ids: string[]): Promise<Map<string, number>> {
  if (ids.length === 0) return new Map();
  const k = KINDS[kind];
  return k.link ? countUsersLinked(db, k.link, ids) : countUsersWith(db, k.column!, ids);
}

export async function listItems(
  deps: ReferenceDeps,
  kind: TReferenceKind,
  q: { keyword?: string; page: number; pageSize: number; all: boolean },
) {
  // Natural order (Ward 2 before Ward 10), which SQL collations do not give: the lists are a hospital's
  // facilities, departments and roles (hundreds at most), so all matches are sorted here, then paged.
  const matching = (await store.itemsNamed(deps.db, KINDS[kind].table, q.keyword)).sort((a, b) =>
    compareNames(a.name, b.name),
  );
  const total = matching.length;
  const pageSize = q.all ? Math.max(total, 1) : q.pageSize;
  const page = q.all ? 1 : q.page;
  const rows = matching.slice((page - 1) * pageSize, page * pageSize);
  const members = await membersOf(
    deps.db,
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

export async function getItem(deps: ReferenceDeps, kind: TReferenceKind, id: string): Promise<TReferenceItem> {
  const row = await store.itemById(deps.db, KINDS[kind].table, id);
  if (!row) throw notFound();
  return { ...row, members: (await membersOf(deps.db, kind, [id])).get(id) ?? 0 };
}

const duplicateName = () => conflict('duplicateName', 'DUPLICATE_NAME');

export async function createItem(deps: ReferenceDeps, kind: TReferenceKind, name: string): Promise<TReferenceItem> {
  const table = KINDS[kind].table;
  if (await store.nameTaken(deps.db, table, name)) throw duplicateName();
  const id = newId();
  try {
    await store.insertItem(deps.db, table, { id, name });
  } catch {
    throw duplicateName(); // lost a race to the unique index
  }
  return { id, name, members: 0 };
}

export async function renameItem(
  deps: ReferenceDeps,
  kind: TReferenceKind,
  id: string,
  name: string,
): Promise<TReferenceItem> {
  const table = KINDS[kind].table;
  if (await store.nameTaken(deps.db, table, name, id)) throw duplicateName();
  const renamed = await deps.db.transaction().execute(async (trx) => {
    const done = await store.renameItemRow(trx, table, id, name);
    await bumpDirectory(trx);
    return done;
  });
  if (!renamed) throw notFound();
  return getItem(deps, kind, id);
}

/** Removes the item and, in the same transaction, takes it off every user who carried it. */
export async function deleteItem(deps: ReferenceDeps, kind: TReferenceKind, id: string): Promise<void> {
  const k = KINDS[kind];
  await deps.db.transaction().execute(async (trx) => {
    if (k.column) await clearClassification(trx, k.column, id);
    if (!(await store.deleteItemRows(trx, kind, id))) throw notFound();
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
export async function assertClassifications(deps: ReferenceDeps, c: Classifications): Promise<void> {
  const checks = [
    ['facilities', c.facilityId, 'facilityId'],
    ['departments', c.departmentId, 'departmentId'],
    ['professions', c.professionId, 'professionId'],
    ['specialties', c.specialtyId, 'specialtyId'],
    ['suffixes', c.suffixId, 'suffixId'],
  ] as const;
  for (const [table, ids, field] of checks) {
    if (ids.length === 0) continue;
    if ((await store.countExisting(deps.db, table, ids)) !== new Set(ids).size) throw invalidField(field, 'noSuchItem');
  }
}
