import type { Transaction } from 'kysely';
import type { Database } from '../../db/schema';
import { AppError } from '../../lib/errors';
import { renderNotify } from '../notify/notify.texts';
import type { UserRow } from '../users/users.store';
import type { AuthDeps, Ctx } from './auth-context';
import { issueCode, sendAllowance } from './codes.service';

/**
 * Sends a code to `target` within the send limits. `withCode` runs in the transaction that stores the code,
 * so what depends on the code (a pending phone or email) is written only once a code was issued for it.
 */
export async function sendCode(
  deps: Pick<AuthDeps, 'db' | 'notifier' | 'config'>,
  user: UserRow,
  purpose: 'verify-email' | 'verify-phone' | 'update-email' | 'update-phone',
  target: string,
  ctx: Ctx,
  withCode?: (trx: Transaction<Database>) => Promise<void>,
): Promise<number> {
  const allowance = await sendAllowance(deps.db, {
    target,
    ip: ctx.ip,
    userId: user.id,
    perIp: deps.config.CODE_SENDS_PER_IP,
  });
  if (!allowance.allowed) throw new AppError(429, 'RESEND_LIMITED', 'resendLimited', { attemptLeft: 0 });
  const code = await deps.db.transaction().execute(async (trx) => {
    await withCode?.(trx);
    return issueCode(trx, deps.config.JWT_SECRET, { userId: user.id, purpose, target, ip: ctx.ip });
  });
  const msg = renderNotify(purpose, user.language === 'fr' ? 'fr' : 'en', { code });
  if (purpose === 'verify-phone' || purpose === 'update-phone') await deps.notifier.sms(target, msg.text);
  else await deps.notifier.email(target, msg.subject, msg.text);
  return allowance.attemptLeft;
}
