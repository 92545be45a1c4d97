import { SERVER_EVENTS } from '@rounds/contracts/events';
import type { TUser } from '@rounds/contracts/user';
import type { Transaction } from 'kysely';
import type { Database } from '../../db/schema';
import { signAccessToken } from '../../lib/tokens';
import { disconnectSessions } from '../../realtime/publish';
import { writeAudit } from '../audit/audit.service';
import { bumpDirectory } from '../contacts/staff-directory';
import { markLogin, type UserRow } from '../users/users.store';
import { type AuthDeps, type Ctx, type SessionResult, userDto } from './auth-context';
import { createSession, DUPLICATE_SESSION_GRACE_MS, revokeSessions } from './sessions.store';

/**
 * Starts a session: under the single-session rule (SINGLE_SESSION) revokes the others and warns their tabs before
 * closing them.
 */
export async function openSession(
  deps: AuthDeps,
  user: UserRow,
  remember: boolean,
  ctx: Ctx,
  /** More to write with the session (single sign-on: the provider's session behind it). */
  within?: (trx: Transaction<Database>, sessionId: string) => Promise<void>,
): Promise<SessionResult> {
  const now = Date.now();
  const result = await deps.db.transaction().execute(async (trx) => {
    const older = deps.config.SINGLE_SESSION
      ? await revokeSessions(trx, { userId: user.id, reason: 'duplicateSession', at: now + DUPLICATE_SESSION_GRACE_MS })
      : [];
    const session = await createSession(trx, { userId: user.id, remember, ip: ctx.ip, userAgent: ctx.userAgent });
    await within?.(trx, session.sessionId);
    await markLogin(trx, user.id, now);
    await writeAudit(trx, { userId: user.id, event: 'login', ip: ctx.ip });
    // The directory shows whether someone ever signed in (only they can be picked for groups).
    if (user.last_login_at === null) await bumpDirectory(trx, user.id);
    return { ...session, older };
  });
  if (result.older.length > 0) {
    deps.publish(SERVER_EVENTS.DuplicateSession, { reason: 'duplicateSession' }, { sessions: result.older });
    disconnectSessions(deps.io, result.older, DUPLICATE_SESSION_GRACE_MS);
  }
  const token = await signAccessToken(
    deps.config.JWT_SECRET,
    { sub: user.id, role: user.role, sid: result.sessionId },
    deps.config.ACCESS_TOKEN_TTL,
  );
  return { token, refreshToken: result.refreshToken, refreshExpiresAt: result.refreshExpiresAt, remember };
}

/** The session a sign-in ends with: after the password, or after the password and a second factor. */
export async function completeSignIn(
  deps: AuthDeps,
  user: UserRow,
  remember: boolean,
  ctx: Ctx,
): Promise<{ session: SessionResult; user: TUser }> {
  const session = await openSession(deps, user, remember, ctx);
  return { session, user: await userDto(deps.db, user.id) };
}
