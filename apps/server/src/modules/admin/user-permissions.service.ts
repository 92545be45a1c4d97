import { SERVER_EVENTS } from '@rounds/contracts/events';
import type { TPermissions } from '@rounds/contracts/user';
import { ADMIN_ONLY_PERMISSIONS, type TPermissionKey } from '@rounds/contracts/user-permissions';
import type { AuthContext } from '../../lib/auth-context';
import { forbidden } from '../../lib/errors';
import { writeAudit } from '../audit/audit.service';
import { roomMatesOf } from '../chat/rooms.store';
import { managedScope, managedUsers } from '../users/managed.store';
import { parsePermissions } from '../users/user-view';
import { assertManages } from '../users/users.policy';
import { setPermissionsOf, setUser, userColumns } from '../users/users.store';
import type { AdminDeps } from './admin-context';

type PermissionDeps = Pick<AdminDeps, 'db' | 'publish' | 'speechPermissionRevoked'>;

type Change = { permission: TPermissionKey; value: boolean };

/** Only an Admin sets delSms and speechToText (doc 2 section 4); a FacilityAdmin sets voice, video and sms. */
function authorize(actor: AuthContext, permission: TPermissionKey): void {
  if (actor.role !== 'Admin' && ADMIN_ONLY_PERMISSIONS.includes(permission)) {
    throw forbidden('adminOnlyPermission');
  }
}

/**
 * After commit: the affected users' apps update live, and a dictation whose permission went off ends. A voice
 * or video change also reaches those who share a room with them, whose call buttons follow it (doc 2 section 6);
 * a change for many at once tells everyone to read their rooms again.
 */
async function announce(deps: PermissionDeps, userIds: readonly string[], c: Change, many: boolean): Promise<void> {
  deps.publish(SERVER_EVENTS.PermissionsChanged, { permissions: { [c.permission]: c.value } }, { users: userIds });
  if (c.permission === 'speechToText' && !c.value) deps.speechPermissionRevoked(userIds);
  if (c.permission !== 'voice' && c.permission !== 'video') return;
  const [one] = userIds;
  if (many || !one) {
    deps.publish(SERVER_EVENTS.CallPermissionsChanged, { userId: null }, { all: true });
    return;
  }
  const change = { userId: one, [c.permission]: c.value };
  deps.publish(SERVER_EVENTS.CallPermissionsChanged, change, { users: await roomMatesOf(deps.db, one) });
}

/** POST /user/permission: one permission of one user. */
export async function setUserPermission(
  deps: PermissionDeps,
  actor: AuthContext,
  o: Change & { userId: string; ip: string },
): Promise<{ userId: string; permissions: TPermissions }> {
  authorize(actor, o.permission);
  const permissions = await deps.db.transaction().execute(async (trx) => {
    await assertManages(trx, actor, o.userId);
    const user = (await userColumns(trx, o.userId, ['permissions']))!;
    const next = { ...parsePermissions(user.permissions), [o.permission]: o.value };
    await setUser(trx, user.id, { permissions: JSON.stringify(next) });
    await writeAudit(trx, {
      userId: user.id,
      event: 'permissions changed',
      ip: o.ip,
      details: { by: actor.userId, permission: o.permission, value: o.value },
    });
    return next;
  });
  await announce(deps, [o.userId], o, false);
  return { userId: o.userId, permissions };
}

/**
 * POST /user/permission/all: one permission for every user the actor manages (users.policy: a FacilityAdmin's
 * change reaches the non-Admins of their facilities). Rows are updated per distinct stored value (a handful),
 * not one statement per user, so a hospital of 20,000 staff is one short transaction on either engine.
 */
export async function setPermissionForAll(
  deps: PermissionDeps,
  actor: AuthContext,
  o: Change & { ip: string },
): Promise<number> {
  authorize(actor, o.permission);
  const userIds = await deps.db.transaction().execute(async (trx) => {
    const rows = await managedUsers(trx, await managedScope(trx, actor), ['permissions']);
    const byStored = new Map<string, string[]>();
    for (const r of rows) byStored.set(r.permissions, [...(byStored.get(r.permissions) ?? []), r.id]);
    for (const [stored, ids] of byStored) {
      const next = JSON.stringify({ ...parsePermissions(stored), [o.permission]: o.value });
      if (next !== stored) await setPermissionsOf(trx, ids, next);
    }
    await writeAudit(trx, {
      userId: actor.userId,
      event: 'permissions changed',
      ip: o.ip,
      details: { all: true, permission: o.permission, value: o.value, users: rows.length },
    });
    return rows.map((r) => r.id);
  });
  await announce(deps, userIds, o, true);
  return userIds.length;
}
