import { disconnectSessions } from '../../realtime/publish';
import { writeAudit } from '../audit/audit.service';
import type { AuthDeps, Ctx } from './auth-context';
import { revokeSessions } from './sessions.service';

/** Ends every session of the user (all devices, all tabs). */
export async function logout(
  deps: Pick<AuthDeps, 'db' | 'io' | 'leaveCalls'>,
  userId: string,
  ctx: Ctx,
): Promise<void> {
  const ended = await deps.db.transaction().execute(async (trx) => {
    const ids = await revokeSessions(trx, { userId, reason: 'logout' });
    await writeAudit(trx, { userId, event: 'logout', ip: ctx.ip });
    return ids;
  });
  disconnectSessions(deps.io, ended);
  await deps.leaveCalls(userId);
}
