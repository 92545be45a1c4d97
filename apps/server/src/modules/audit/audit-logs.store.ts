import type { TUserLogsQuery } from '@rounds/contracts/user-logs';
import { sql } from 'kysely';
import type { Db } from '../../db/database';
import type { AuditLogsTable } from '../../db/schema';
import { type ManagedScope, managedBy } from '../users/managed.store';

/** Audit rows in one statement, in the caller's transaction when it passes one. */
export async function insertAuditLogs(db: Db, rows: AuditLogsTable[]): Promise<void> {
  await db.insertInto('audit_logs').values(rows).execute();
}

export type UserLogsFilter = Pick<TUserLogsQuery, 'keyword' | 'from' | 'to'>;
export type UserLogsOrder = Pick<TUserLogsQuery, 'sortBy' | 'order'>;

/**
 * The logs an administrator may read, filtered: an Admin reads all of them (also those about no known user,
 * such as a failed login for an unknown email); a FacilityAdmin those about the users they manage.
 */
function filtered(db: Db, scope: ManagedScope, f: UserLogsFilter) {
  let q = db.selectFrom('audit_logs').leftJoin('users', 'users.id', 'audit_logs.user_id');
  if (scope.kind !== 'everyone') q = q.where('audit_logs.user_id', 'is not', null).where(managedBy(scope));
  if (f.from !== undefined) q = q.where('audit_logs.created_at', '>=', f.from * 1000);
  // `to` is the last second of the range's last day (doc 2 section 7): everything within that second counts.
  if (f.to !== undefined) q = q.where('audit_logs.created_at', '<', (f.to + 1) * 1000);
  const term = f.keyword?.trim().toLowerCase();
  if (term) {
    const like = `%${term.replace(/[%_\\]/g, '\\$&')}%`;
    q = q.where((eb) =>
      eb.or([
        sql<boolean>`users.search_key like ${like} escape '\\'`,
        sql<boolean>`lower(audit_logs.event) like ${like} escape '\\'`,
      ]),
    );
  }
  return q;
}

const COLUMNS = [
  'audit_logs.id',
  'audit_logs.event',
  'audit_logs.ip',
  'audit_logs.created_at',
  'users.first_name',
  'users.last_name',
  'users.email',
] as const;

export type UserLogRow = {
  id: string;
  event: string;
  ip: string | null;
  created_at: number;
  first_name: string | null;
  last_name: string | null;
  email: string | null;
};

const SORT = { createdAt: 'audit_logs.created_at', event: 'audit_logs.event' } as const;

/** One page (from 0) of the filtered logs, with their total. */
export async function userLogsPage(
  db: Db,
  scope: ManagedScope,
  q: UserLogsFilter & UserLogsOrder & Pick<TUserLogsQuery, 'page' | 'pageSize'>,
): Promise<{ rows: UserLogRow[]; total: number }> {
  const base = filtered(db, scope, q);
  const [count, rows] = await Promise.all([
    base.select((eb) => eb.fn.countAll<number | string>().as('n')).executeTakeFirstOrThrow(),
    base
      .select(COLUMNS)
      .orderBy(SORT[q.sortBy], q.order)
      .orderBy('audit_logs.id', q.order)
      .limit(q.pageSize)
      .offset(q.page * q.pageSize)
      .execute(),
  ]);
  return { rows, total: Number(count.n) };
}

/**
 * Up to `limit` of the filtered logs in their order, those after `last` (the previous batch's last row's sort key
 * and id) when given: keyset paging on (sort column, id), so the millionth row costs what the first does.
 */
export function userLogsAfter(
  db: Db,
  scope: ManagedScope,
  q: UserLogsFilter & UserLogsOrder,
  last: { key: string | number; id: string } | null,
  limit: number,
): Promise<UserLogRow[]> {
  const column = SORT[q.sortBy];
  const after = q.order === 'desc' ? '<' : '>';
  let page = filtered(db, scope, q).select(COLUMNS);
  if (last) {
    // A row-value comparison, which both engines answer from the (sort column, id) index.
    const { key, id } = last;
    page = page.where(sql<boolean>`(${sql.ref(column)}, audit_logs.id) ${sql.raw(after)} (${key}, ${id})`);
  }
  return page.orderBy(column, q.order).orderBy('audit_logs.id', q.order).limit(limit).execute();
}
