import type { TAdminUserListQuery, TAdminUserListReply } from '@rounds/contracts/admin-users';
import type { TRole } from '@rounds/contracts/common';
import { SERVER_EVENTS } from '@rounds/contracts/events';
import { TIMINGS } from '@rounds/contracts/limits';
import type { TUser } from '@rounds/contracts/user';
import type { AuthContext } from '../../lib/auth-context';
import { forbidden } from '../../lib/errors';
import { writeAudit } from '../audit/audit.service';
import { publishLogsChanged } from '../audit/logs-changed';
import { revokeSessions } from '../auth/sessions.store';
import { directPartners } from '../chat/rooms.store';
import { bumpDirectory } from '../contacts/staff-directory';
import { readSettings } from '../settings/settings.service';
import { managedScope, managedUserPage } from '../users/managed.store';
import { loadUserLinks, toUserDto } from '../users/user-view';
import { assertManages } from '../users/users.policy';
import { setUser } from '../users/users.store';
import { type AdminDeps, userReply } from './admin-context';
import { hasMembershipFilter, membershipFilter } from './reference-members';

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
 * one column, ties broken by id so pages never overlap. A classification id narrows it to that item's members,
 * or with `exclude` to the others (the Available users list of a reference edit page). Case-insensitive sort: lower() on both engines.
 */
export async function listUsers(
  deps: Pick<AdminDeps, 'db' | 'connectedUsers'>,
  actor: AuthContext,
  q: TAdminUserListQuery,
): Promise<TAdminUserListReply> {
  const scope = await managedScope(deps.db, actor);
  const { rows, total } = await managedUserPage(deps.db, scope, {
    ...(hasMembershipFilter(q) ? { where: membershipFilter(q) } : {}),
    keyword: q.keyword,
    sortColumn: SORT_COLUMNS[q.sortBy],
    textual: q.sortBy === 'firstName' || q.sortBy === 'lastName' || q.sortBy === 'email',
    order: q.order,
    page: q.page,
    pageSize: q.pageSize,
  });
  const [links, settings, online] = await Promise.all([
    loadUserLinks(deps.db, rows),
    readSettings(deps.db),
    deps.connectedUsers(rows.map((r) => r.id)),
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
    total,
  };
}

/** Refuses an action an administrator must not take on their own account (it could leave nobody to undo it). */
function notSelf(actor: AuthContext, userId: string): void {
  if (actor.userId === userId) throw forbidden('ownAccount', 'OWN_ACCOUNT');
}

/**
 * After a deactivation or deletion: every session of the user is already revoked (API calls answer 401 at
 * once); their open apps are told why, and their sockets close after the spec's warning time.
 */
function endAccess(
  deps: Pick<AdminDeps, 'publish' | 'disconnectSessions'>,
  userId: string,
  sessionIds: string[],
  deleted: boolean,
): void {
  if (deleted) deps.publish(SERVER_EVENTS.ForcedDelete, undefined, { users: [userId] });
  else deps.publish(SERVER_EVENTS.ForcedLogout, { reason: 'accountRemoved' }, { users: [userId] });
  deps.disconnectSessions(sessionIds, TIMINGS.forcedLogoutDelayMs);
}

/** POST /user/activate and /user/deactivate. */
export async function setUserActive(
  deps: Pick<AdminDeps, 'db' | 'publish' | 'disconnectSessions' | 'holderDeactivated'>,
  actor: AuthContext,
  o: { userId: string; active: boolean; ip: string },
): Promise<TUser> {
  notSelf(actor, o.userId);
  const ended = await deps.db.transaction().execute(async (trx) => {
    await assertManages(trx, actor, o.userId);
    await setUser(trx, o.userId, { active: o.active ? 1 : 0 });
    const ids = o.active ? [] : await revokeSessions(trx, { userId: o.userId, reason: 'deactivated' });
    await bumpDirectory(trx, o.userId);
    await writeAudit(trx, {
      userId: o.userId,
      event: o.active ? 'user activated' : 'user deactivated',
      ip: o.ip,
      details: { by: actor.userId },
    });
    return ids;
  });
  if (!o.active) {
    endAccess(deps, o.userId, ended, false);
    // The roles they held alone fall to their escalation targets; the Admins are told (modules/on-call).
    await deps.holderDeactivated(actor.userId, o.userId);
  }
  await publishLogsChanged(deps);
  return userReply(deps.db, o.userId);
}

/**
 * POST /user/update-role (doc 2 section 4): only an Admin gives the Admin role or changes an Admin's role (a
 * FacilityAdmin never manages an Admin: users.policy). The user's menus follow at once (UserUpdated).
 */
export async function updateRole(
  deps: Pick<AdminDeps, 'db' | 'publish'>,
  actor: AuthContext,
  o: { id: string; role: TRole; ip: string },
): Promise<TUser> {
  notSelf(actor, o.id);
  if (o.role === 'Admin' && actor.role !== 'Admin') throw forbidden('adminOnlyRole', 'ADMIN_ROLE');
  await deps.db.transaction().execute(async (trx) => {
    const { role } = await assertManages(trx, actor, o.id);
    if (role === o.role) return;
    await setUser(trx, o.id, { role: o.role });
    await writeAudit(trx, {
      userId: o.id,
      event: 'role changed',
      ip: o.ip,
      details: { by: actor.userId, from: role, to: o.role },
    });
  });
  const user = await userReply(deps.db, o.id);
  deps.publish(SERVER_EVENTS.UserUpdated, { user }, { users: [o.id] });
  await publishLogsChanged(deps);
  return user;
}

/**
 * DELETE /user/delete-user: the account is marked deleted, never erased (its messages keep their author and
 * the logs their subject); it leaves the directory at once and its sessions end.
 */
export async function deleteUser(
  deps: Pick<AdminDeps, 'db' | 'publish' | 'disconnectSessions' | 'leaveAllCalls'>,
  actor: AuthContext,
  o: { id: string; ip: string },
) {
  notSelf(actor, o.id);
  const ended = await deps.db.transaction().execute(async (trx) => {
    await assertManages(trx, actor, o.id);
    await setUser(trx, o.id, { deleted: 1, active: 0 });
    const ids = await revokeSessions(trx, { userId: o.id, reason: 'deleted' });
    await bumpDirectory(trx, o.id);
    await writeAudit(trx, { userId: o.id, event: 'user deleted', ip: o.ip, details: { by: actor.userId } });
    return ids;
  });
  endAccess(deps, o.id, ended, true);
  await deps.leaveAllCalls(o.id);
  // Their direct chats turn read-only: the other party's open app shows it now, not at the next reload.
  for (const { twId, userId } of await directPartners(deps.db, o.id)) {
    deps.publish(SERVER_EVENTS.ChatRoomUpdated, { twId }, { users: [userId] });
  }
  await publishLogsChanged(deps);
}
