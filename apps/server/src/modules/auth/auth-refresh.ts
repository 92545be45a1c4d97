import { AppError } from '../../lib/errors';
import { signAccessToken } from '../../lib/tokens';
import { disconnectSessions } from '../../realtime/publish';
import { writeAudit } from '../audit/audit.service';
import { isLiveSession, refreshTokenState } from '../users/session-state.store';
import type { AuthDeps, Ctx, SessionResult } from './auth-context';
import { addRefreshToken, hashRefreshToken, revokeSessions, spendRefreshToken, touchSession } from './sessions.store';

/** A new access token for the refresh cookie, which is rotated: each refresh token is good once. */
export async function refresh(
  deps: Pick<AuthDeps, 'db' | 'io' | 'config'>,
  refreshToken: string | undefined,
  ctx: Ctx,
): Promise<SessionResult> {
  const expired = () => new AppError(401, 'UNAUTHORIZED', 'sessionExpired');
  if (!refreshToken) throw expired();
  const now = Date.now();
  const row = await refreshTokenState(deps.db, hashRefreshToken(refreshToken));
  if (!row) throw expired();
  if (row.usedAt !== null) {
    // A rotated token came back: someone kept a copy. End the whole session, its push subscriptions with it.
    await deps.db.transaction().execute(async (trx) => {
      await revokeSessions(trx, { userId: row.userId, reason: 'tokenReuse', onlySessionId: row.sessionId, at: now });
      await writeAudit(trx, { userId: row.userId, event: 'token reuse detected', ip: ctx.ip });
    });
    disconnectSessions(deps.io, [row.sessionId]);
    throw expired();
  }
  if (row.expiresAt < now || !isLiveSession(row, now)) throw expired();
  const next = await deps.db.transaction().execute(async (trx) => {
    if (!(await spendRefreshToken(trx, row.tokenId, now))) return null;
    // Settings' signed-in devices show when and where each session was last seen: an open app renews here.
    await touchSession(trx, row.sessionId, ctx.ip, now);
    return addRefreshToken(trx, row.sessionId, row.remember === 1);
  });
  if (!next) throw expired();
  const token = await signAccessToken(
    deps.config.JWT_SECRET,
    { sub: row.userId, role: row.role, sid: row.sessionId },
    deps.config.ACCESS_TOKEN_TTL,
  );
  return {
    token,
    refreshToken: next.refreshToken,
    refreshExpiresAt: next.refreshExpiresAt,
    remember: row.remember === 1,
  };
}
