import type { TUserLog, TUserLogsExportQuery, TUserLogsQuery, TUserLogsReply } from '@rounds/contracts/user-logs';
import type { Kysely } from 'kysely';
import { sql } from 'kysely';
import type { Database } from '../../db/schema';
import type { AuthContext } from '../../lib/auth-context';
import { type ManagedScope, managedBy, managedScope } from '../users/managed.store';

type Filter = Pick<TUserLogsQuery, 'keyword' | 'from' | 'to'>;

/**
 * The logs an administrator may read, filtered: an Admin reads all of them (also those about no known user,
 * such as a failed login for an unknown email); a FacilityAdmin those about the users they manage.
 */
function filtered(db: Kysely<Database>, scope: ManagedScope, f: Filter) {
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

type Row = {
  id: string;
  event: string;
  ip: string | null;
  created_at: number;
  first_name: string | null;
  last_name: string | null;
  email: string | null;
};

const toLog = (r: Row): TUserLog => ({
  id: r.id,
  user: r.email === null ? null : { firstName: r.first_name ?? '', lastName: r.last_name ?? '', email: r.email },
  event: r.event,
  ip: r.ip,
  createdAt: Math.floor(Number(r.created_at) / 1000),
});

const SORT = { createdAt: 'audit_logs.created_at', event: 'audit_logs.event' } as const;

/** GET /user/logs: one page (from 0) of the filtered logs. */
export async function listUserLogs(
  db: Kysely<Database>,
  actor: AuthContext,
  q: TUserLogsQuery,
): Promise<TUserLogsReply> {
  const base = filtered(db, await managedScope(db, actor), q);
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
  return { results: rows.map(toLog), page: q.page, pageSize: q.pageSize, total: Number(count.n) };
}

/** Rows read per statement while exporting: memory stays flat whatever the number of logs. */
const EXPORT_BATCH = 2_000;

/**
 * Every log the filter shows, in its order, a batch at a time: keyset paging on (sort column, id), so the
 * millionth row costs what the first does and nothing is held but one batch.
 */
export async function* exportUserLogs(
  db: Kysely<Database>,
  actor: AuthContext,
  q: TUserLogsExportQuery,
): AsyncGenerator<TUserLog[]> {
  const base = filtered(db, await managedScope(db, actor), q);
  const column = SORT[q.sortBy];
  const after = q.order === 'desc' ? '<' : '>';
  let last: { key: string | number; id: string } | null = null;
  for (;;) {
    let page = base.select(COLUMNS);
    if (last) {
      // A row-value comparison, which both engines answer from the (sort column, id) index.
      const { key, id } = last;
      page = page.where(sql<boolean>`(${sql.ref(column)}, audit_logs.id) ${sql.raw(after)} (${key}, ${id})`);
    }
    const rows = await page.orderBy(column, q.order).orderBy('audit_logs.id', q.order).limit(EXPORT_BATCH).execute();
    if (rows.length === 0) return;
    yield rows.map(toLog);
    const end = rows[rows.length - 1]!;
    last = { key: q.sortBy === 'event' ? end.event : end.created_at, id: end.id };
    if (rows.length < EXPORT_BATCH) return;
  }
}
