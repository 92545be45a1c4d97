import { AppError } from '../../lib/errors';
import { hashPassword } from '../../lib/passwords';
import { text } from '../../lib/texts';
import { disconnectSessions } from '../../realtime/publish';
import { writeAudit } from '../audit/audit.service';
import { renderNotify } from '../notify/notify.texts';
import { findUser, setPassword } from '../users/users.store';
import type { AuthDeps, Ctx } from './auth-context';
import { consumeTokenCode, issueCode, RESET_TTL_MS, resetCode, sendAllowance } from './codes.service';
import { clearAccountFailures } from './login-throttle';
import { revokeSessions } from './sessions.store';

/** "Forgot password": a reset code by email, within the send limits. */
export async function forgotPassword(
  deps: Pick<AuthDeps, 'db' | 'notifier' | 'config'>,
  email: string,
  ctx: Ctx,
): Promise<{ message: string }> {
  const user = await findUser(deps.db, { email });
  const allowance = await sendAllowance(deps.db, {
    target: email,
    ip: ctx.ip,
    userId: user?.id ?? null,
    perIp: deps.config.CODE_SENDS_PER_IP,
  });
  if (user && user.active === 1 && allowance.allowed) {
    const code = resetCode();
    await deps.db.transaction().execute((trx) =>
      issueCode(trx, deps.config.JWT_SECRET, {
        userId: user.id,
        purpose: 'reset-password',
        target: email,
        ip: ctx.ip,
        code,
        ttlMs: RESET_TTL_MS,
      }),
    );
    const msg = renderNotify('reset-password', user.language === 'fr' ? 'fr' : 'en', { code });
    await deps.notifier.email(email, msg.subject, msg.text);
  }
  // The same answer whether or not the email is known, and whether or not the limit was reached.
  return { message: text('resetSent', ctx.lang) };
}

/**
 * A new password from a reset code, or from the set-password link of an account an administrator created
 * (set-password-invites.ts): every session of the account ends.
 */
export async function resetPassword(
  deps: Pick<AuthDeps, 'db' | 'io' | 'config'>,
  purpose: 'reset-password' | 'set-password',
  input: { token: string; password: string },
  ctx: Ctx,
): Promise<{ message: string }> {
  const found = await consumeTokenCode(deps.db, deps.config.JWT_SECRET, purpose, input.token);
  if (!found) throw new AppError(400, 'INVALID_CODE', 'invalidResetToken');
  const hash = await hashPassword(input.password);
  const ended = await deps.db.transaction().execute(async (trx) => {
    await setPassword(trx, found.userId, hash);
    const ids = await revokeSessions(trx, { userId: found.userId, reason: 'passwordReset' });
    await writeAudit(trx, { userId: found.userId, event: 'password reset', ip: ctx.ip });
    return ids;
  });
  const owner = await findUser(deps.db, { id: found.userId });
  if (owner) await clearAccountFailures(deps.db, owner.email);
  disconnectSessions(deps.io, ended);
  return { message: text('passwordUpdated', ctx.lang) };
}
