import type { TUserLog, TUserLogsExportQuery, TUserLogsQuery, TUserLogsReply } from '@rounds/contracts/user-logs';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { AuthContext } from '../../lib/auth-context';
import { managedScope } from '../users/managed.store';
import { type UserLogRow, userLogsAfter, userLogsPage } from './audit-logs.store';

const toLog = (r: UserLogRow): TUserLog => ({
  id: r.id,
  user: r.email === null ? null : { firstName: r.first_name ?? '', lastName: r.last_name ?? '', email: r.email },
  event: r.event,
  ip: r.ip,
  createdAt: Math.floor(Number(r.created_at) / 1000),
});

/** GET /user/logs: one page (from 0) of the filtered logs. */
export async function listUserLogs(
  db: Kysely<Database>,
  actor: AuthContext,
  q: TUserLogsQuery,
): Promise<TUserLogsReply> {
  const { rows, total } = await userLogsPage(db, await managedScope(db, actor), q);
  return { results: rows.map(toLog), page: q.page, pageSize: q.pageSize, total };
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
  const scope = await managedScope(db, actor);
  let last: { key: string | number; id: string } | null = null;
  for (;;) {
    const rows = await userLogsAfter(db, scope, q, last, EXPORT_BATCH);
    if (rows.length === 0) return;
    yield rows.map(toLog);
    const end = rows[rows.length - 1]!;
    last = { key: q.sortBy === 'event' ? end.event : end.created_at, id: end.id };
    if (rows.length < EXPORT_BATCH) return;
  }
}
