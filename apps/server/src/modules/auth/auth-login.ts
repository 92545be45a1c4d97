import type { TUser } from '@rounds/contracts/user';
import { AppError } from '../../lib/errors';
import { hashPassword, verifyPassword } from '../../lib/passwords';
import type { TextKey } from '../../lib/texts';
import { signTempToken } from '../../lib/tokens';
import { writeAudit } from '../audit/audit.service';
import { findUser, NO_PASSWORD } from '../users/users.store';
import { type AuthDeps, type Ctx, emailTarget, phoneTarget, type SessionResult } from './auth-context';
import { completeSignIn } from './auth-open-session';
import { sendCode } from './auth-send-code';
import { assertMaySignIn } from './auth-sign-in-rules';
import { clearFailures, recordFailure, THROTTLE, throttleState } from './login-throttle';

// A fixed hash to verify against when there is no real one to check, so every login answer takes the time of
// one argon2 verify: an unknown email, a throttled address or a missing captcha look like a wrong password.
const DUMMY_HASH = hashPassword('Dummy-password-for-timing-1');

let passwordChecksRun = 0;
/** How many login password checks ran (tests assert that every path spends one). */
export const passwordChecks = () => passwordChecksRun;

/** The one argon2 verify of a login, whatever the answer will be. Null: no hash to check, always false. */
async function checkPassword(hash: string | null, password: string): Promise<boolean> {
  passwordChecksRun += 1;
  // An account still waiting for its first password (NO_PASSWORD) costs the same hash time as any other.
  const usable = hash === NO_PASSWORD ? null : hash;
  const ok = await verifyPassword(usable ?? (await DUMMY_HASH), password);
  return usable !== null && ok;
}

function throttled(blockedMs: number): AppError {
  const seconds = Math.ceil(blockedMs / 1000);
  const [key, n]: [TextKey, number] =
    seconds <= 120 ? ['loginThrottledSeconds', seconds] : ['loginThrottledMinutes', Math.ceil(seconds / 60)];
  return new AppError(429, 'LOGIN_THROTTLED', key, { attemptLeft: 0, retryAfter: seconds }, { n });
}

export async function login(
  deps: AuthDeps,
  input: { username: string; password: string; remember: boolean; captchaResponse?: string },
  ctx: Ctx,
): Promise<{ session: SessionResult; user: TUser }> {
  const { db } = deps;
  const user = await findUser(db, { email: input.username });

  // Unknown emails are throttled exactly like real ones (keyed by the email given), so replies reveal nothing.
  const state = await throttleState(db, input.username, ctx.ip);
  if (state.blockedMs > 0) {
    await checkPassword(null, input.password);
    throw throttled(state.blockedMs);
  }
  if (state.captchaRequired && !(input.captchaResponse && (await deps.captcha.verify(input.captchaResponse)))) {
    await checkPassword(null, input.password);
    throw new AppError(403, 'CAPTCHA_REQUIRED', 'captchaRequired', {
      attemptLeft: Math.max(0, THROTTLE.pairFreeFailures - state.pairFailures),
      captchaRequired: true,
    });
  }

  if (!(await checkPassword(user?.password_hash ?? null, input.password))) {
    const counts = await recordFailure(db, input.username, ctx.ip);
    await db.transaction().execute(async (trx) => {
      const userId = user?.id ?? null;
      const details = user ? undefined : { email: input.username };
      await writeAudit(trx, { userId, event: 'login failed', ip: ctx.ip, details });
      // A storm is written once per window, when it crosses its mark (the counts are exact across processes).
      if (counts.accountFailures === THROTTLE.accountStormAt)
        await writeAudit(trx, {
          userId,
          event: 'login storm',
          ip: ctx.ip,
          details: { email: input.username, failures: counts.accountFailures, captchaRequired: true },
        });
      if (counts.addressFailures === THROTTLE.addressStormAt)
        await writeAudit(trx, {
          userId: null,
          event: 'login storm',
          ip: ctx.ip,
          details: { address: ctx.ip, failures: counts.addressFailures, captchaRequired: true },
        });
      if (counts.pairFailures === THROTTLE.pairFreeFailures)
        await writeAudit(trx, { userId, event: 'login throttled', ip: ctx.ip, details });
    });
    if (counts.blockedMs > 0) throw throttled(counts.blockedMs);
    throw new AppError(401, 'INVALID_CREDENTIALS', 'invalidCredentials', {
      attemptLeft: Math.max(0, THROTTLE.pairFreeFailures - counts.pairFailures),
      ...(counts.captchaRequired ? { captchaRequired: true } : {}),
    });
  }
  if (!user) throw new Error('unreachable: a password check passed without a user');
  await clearFailures(db, input.username, ctx.ip);

  await assertMaySignIn(deps, user);
  if (user.email_verified !== 1 || user.phone_verified !== 1) {
    const emailFirst = user.email_verified !== 1;
    const tempToken = await signTempToken(deps.config.JWT_SECRET, user.id);
    // Send a fresh code so the confirm screen has one to check (within the resend limits).
    const target = emailFirst ? emailTarget(user) : phoneTarget(user);
    if (target) await sendCode(deps, user, emailFirst ? 'verify-email' : 'verify-phone', target, ctx).catch(() => 0);
    throw emailFirst
      ? new AppError(403, 'EMAIL_NOT_VERIFIED', 'emailNotVerified', { tempToken })
      : new AppError(403, 'PHONE_NOT_VERIFIED', 'phoneNotVerified', { tempToken });
  }

  // Multi-factor sign-in (issue 26): with a factor, or one the policy asks for, the password buys a challenge.
  const second = await deps.secondStep(user, input.remember);
  if (second) throw second;
  return completeSignIn(deps, user, input.remember, ctx);
}
