import type { TAdminUserListQuery, TAdminUserListReply } from '@rounds/contracts/admin-users';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import type { AuthContext } from '../../plugins/auth';
import { loadUserLinks, toUserDto } from '../accounts/user-view';
import { readSettings } from '../settings/settings.service';
import { managedBy, managedScope } from '../users/users.policy';

const SORT_COLUMNS = {
  firstName: 'users.first_name',
  lastName: 'users.last_name',
  email: 'users.email',
  role: 'users.role',
  active: 'users.active',
  lastLoginDate: 'users.last_login_at',
} as const;

/**
 * GET /user: one page of the users the actor manages, searched on the same key as the directory and sorted by
 * one column, ties broken by id so pages never overlap. Case-insensitive sort: lower() on both engines.
 */
export async function listUsers(
  app: FastifyInstance,
  actor: AuthContext,
  q: TAdminUserListQuery,
): Promise<TAdminUserListReply> {
  const scope = await managedScope(app.db, actor);
  let base = app.db.selectFrom('users').where('users.deleted', '=', 0).where(managedBy(scope));
  // The directory's rule (contracts/names.ts): the trimmed, lowercased text is in the search key.
  const term = q.keyword?.trim().toLowerCase();
  if (term)
    base = base.where(sql<boolean>`users.search_key like ${`%${term.replace(/[%_\\]/g, '\\$&')}%`} escape '\\'`);

  const column = SORT_COLUMNS[q.sortBy];
  const textual = q.sortBy === 'firstName' || q.sortBy === 'lastName' || q.sortBy === 'email';
  const [count, rows] = await Promise.all([
    base.select((eb) => eb.fn.countAll<number | string>().as('n')).executeTakeFirstOrThrow(),
    base
      .selectAll('users')
      .orderBy(textual ? sql`lower(${sql.ref(column)})` : sql.ref(column), q.order)
      .orderBy('users.id', q.order)
      .limit(q.pageSize)
      .offset((q.page - 1) * q.pageSize)
      .execute(),
  ]);
  const [links, settings, online] = await Promise.all([
    loadUserLinks(app.db, rows),
    readSettings(app.db),
    app.presence.connectedUsers(rows.map((r) => r.id)),
  ]);
  return {
    results: rows.map((row) =>
      toUserDto(row, links.get(row.id)!, {
        connected: online.has(row.id),
        defaultSessionTimeout: settings.sessionTimeout,
      }),
    ),
    page: q.page,
    pageSize: q.pageSize,
    total: Number(count.n),
  };
}
