import { badRequest } from '../../lib/errors';
import { text } from '../../lib/texts';
import { writeAudit } from '../audit/audit.service';
import { assertEmailFree, replaceUnverifiedEmail, setPendingContact, withEmailRace } from '../users/user-contact.store';
import { type AuthDeps, type Ctx, userDto, userFromTempToken } from './auth-context';
import { sendCode } from './auth-send-code';

/** On the confirm screens: fix a mistyped email or phone before it is verified. */
export async function changeEmailUnverified(deps: AuthDeps, input: { email: string; tempToken?: string }, ctx: Ctx) {
  const user = await userFromTempToken(deps, input.tempToken);
  if (user.email_verified === 1) throw badRequest('alreadyVerified', 'ALREADY_VERIFIED');
  await assertEmailFree(deps.db, input.email, user.id);
  const attemptLeft = await withEmailRace(deps.db, input.email, user.id, () =>
    sendCode(deps, user, 'verify-email', input.email, ctx, async (trx) => {
      await replaceUnverifiedEmail(trx, user, input.email);
      await writeAudit(trx, { userId: user.id, event: 'email change requested', ip: ctx.ip });
    }),
  );
  return { message: text('codeSent', ctx.lang), attemptLeft, user: await userDto(deps.db, user.id) };
}

export async function changePhoneUnverified(
  deps: AuthDeps,
  input: { phone: string; phoneCountryCode: string; phoneCountryName: string; tempToken?: string },
  ctx: Ctx,
) {
  const user = await userFromTempToken(deps, input.tempToken);
  if (user.phone_verified === 1) throw badRequest('alreadyVerified', 'ALREADY_VERIFIED');
  const target = `${input.phoneCountryCode}${input.phone}`;
  // The new number becomes pending only with a code issued for it: a refused send leaves the old one.
  const attemptLeft = await sendCode(deps, user, 'verify-phone', target, ctx, async (trx) => {
    await setPendingContact(trx, user.id, {
      phone: { phone: input.phone, countryCode: input.phoneCountryCode, countryName: input.phoneCountryName },
    });
    await writeAudit(trx, { userId: user.id, event: 'phone change requested', ip: ctx.ip });
  });
  return { message: text('codeSent', ctx.lang), attemptLeft, user: await userDto(deps.db, user.id) };
}
