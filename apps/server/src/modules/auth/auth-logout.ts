import { disconnectSessions } from '../../realtime/publish';
import { writeAudit } from '../audit/audit.service';
import type { AuthDeps, Ctx } from './auth-context';
import { revokeSessions } from './sessions.store';

/**
 * Ends every session of the user (all devices, all tabs). Where this session came from single sign-on and the
 * provider supports it, answers the provider's end-session URL (RP-initiated logout), read before the revoke.
 */
export async function logout(
  deps: Pick<AuthDeps, 'db' | 'io' | 'leaveCalls' | 'ssoEndSessionUrl'>,
  userId: string,
  ctx: Ctx & { sessionId: string },
): Promise<{ endSessionUrl?: string }> {
  const endSessionUrl = await deps.ssoEndSessionUrl(ctx.sessionId).catch(() => undefined);
  const ended = await deps.db.transaction().execute(async (trx) => {
    const ids = await revokeSessions(trx, { userId, reason: 'logout' });
    await writeAudit(trx, { userId, event: 'logout', ip: ctx.ip });
    return ids;
  });
  disconnectSessions(deps.io, ended);
  await deps.leaveCalls(userId);
  return endSessionUrl ? { endSessionUrl } : {};
}
