import { badRequest } from '../../lib/errors';
import { text } from '../../lib/texts';
import { type AuthDeps, type Ctx, emailTarget, phoneTarget, userFromTempToken } from './auth-context';
import { sendCode } from './auth-send-code';

/** "Send the code again" on the confirm screens, within the send limits. */
export async function resendEmail(deps: AuthDeps, input: { email?: string; tempToken?: string }, ctx: Ctx) {
  const user = await userFromTempToken(deps, input.tempToken);
  if (user.email_verified === 1 && !user.unverified_email) throw badRequest('alreadyVerified', 'ALREADY_VERIFIED');
  const attemptLeft = await sendCode(deps, user, 'verify-email', emailTarget(user), ctx);
  return { message: text('codeSent', ctx.lang), attemptLeft };
}

export async function resendPhone(deps: AuthDeps, input: { tempToken?: string }, ctx: Ctx) {
  const user = await userFromTempToken(deps, input.tempToken);
  const target = phoneTarget(user);
  if (!target || (user.phone_verified === 1 && !user.unverified_phone))
    throw badRequest('alreadyVerified', 'ALREADY_VERIFIED');
  const attemptLeft = await sendCode(deps, user, 'verify-phone', target, ctx);
  return { message: text('codeSent', ctx.lang), attemptLeft };
}
