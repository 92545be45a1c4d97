import type { TUser } from '@rounds/contracts/user';
import type { AuthContext } from '../../lib/auth-context';
import { publishLogsChanged } from '../audit/logs-changed';
import { assertManages } from '../users/users.policy';
import type { AdminDeps } from './admin-context';

/*
 * POST /user/upload-avatar and DELETE /user/delete-avatar: the same work as one's own avatar
 * (accounts/account.service setAvatar/deleteAvatar: the file, the row, the user log, the directory, UserUpdated
 * to the user's tabs), on a user the administrator manages, with the administrator named in the log.
 */

export async function setUserAvatar(
  deps: Pick<AdminDeps, 'db' | 'publish' | 'setAvatar'>,
  actor: AuthContext,
  o: { id: string; bytes: Buffer; type: string; ip: string },
): Promise<TUser> {
  await assertManages(deps.db, actor, o.id);
  const user = await deps.setAvatar(o.id, o.bytes, o.type, { ip: o.ip, by: actor.userId });
  await publishLogsChanged(deps);
  return user;
}

export async function removeUserAvatar(
  deps: Pick<AdminDeps, 'db' | 'publish' | 'deleteAvatar'>,
  actor: AuthContext,
  o: { id: string; ip: string },
): Promise<TUser> {
  await assertManages(deps.db, actor, o.id);
  const user = await deps.deleteAvatar(o.id, { ip: o.ip, by: actor.userId });
  await publishLogsChanged(deps);
  return user;
}
