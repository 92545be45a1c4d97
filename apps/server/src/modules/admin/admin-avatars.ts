import type { TUser } from '@rounds/contracts/user';
import type { FastifyInstance } from 'fastify';
import type { AuthContext } from '../../lib/auth-context';
import { deleteAvatar, setAvatar } from '../accounts/account.service';
import { publishLogsChanged } from '../audit/logs-changed';
import { assertManages } from '../users/users.policy';

/*
 * POST /user/upload-avatar and DELETE /user/delete-avatar: the same work as one's own avatar
 * (accounts/account.service setAvatar/deleteAvatar: the file, the row, the user log, the directory, UserUpdated
 * to the user's tabs), on a user the administrator manages, with the administrator named in the log.
 */

export async function setUserAvatar(
  app: FastifyInstance,
  actor: AuthContext,
  o: { id: string; bytes: Buffer; type: string; ip: string },
): Promise<TUser> {
  await assertManages(app.db, actor, o.id);
  const user = await setAvatar(app, o.id, o.bytes, o.type, { ip: o.ip, by: actor.userId });
  await publishLogsChanged(app);
  return user;
}

export async function removeUserAvatar(
  app: FastifyInstance,
  actor: AuthContext,
  o: { id: string; ip: string },
): Promise<TUser> {
  await assertManages(app.db, actor, o.id);
  const user = await deleteAvatar(app, o.id, { ip: o.ip, by: actor.userId });
  await publishLogsChanged(app);
  return user;
}
