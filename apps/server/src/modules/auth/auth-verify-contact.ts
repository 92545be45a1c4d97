import { SERVER_EVENTS } from '@rounds/contracts/events';
import { writeAudit } from '../audit/audit.service';
import { bumpDirectory } from '../contacts/staff-directory';
import { confirmEmail, confirmPhone } from '../users/user-contact.store';
import { findUser } from '../users/users.store';
import { type AuthDeps, type Ctx, emailTarget, phoneTarget, userDto, userFromTempToken } from './auth-context';
import { openSession } from './auth-open-session';
import { sendCode } from './auth-send-code';
import { checkCode, codeError } from './codes.service';

/*
 * The confirm screens after sign-up (or a sign-in with an unverified contact): the emailed code, then the texted
 * one. Each code proves only the address or number it went to.
 */

/** A user whose email and phone are now both verified appears in everyone's contacts (doc 2 section 7). */
function announceNewContact(deps: Pick<AuthDeps, 'publish'>, userId: string): void {
  deps.publish(SERVER_EVENTS.NewRegisteredContact, { userId }, { all: true });
}

export async function verifyEmail(deps: AuthDeps, input: { verifyToken: string; tempToken?: string }, ctx: Ctx) {
  const { db } = deps;
  const user = await userFromTempToken(deps, input.tempToken);
  const check = await checkCode(db, deps.config.JWT_SECRET, {
    userId: user.id,
    purpose: 'verify-email',
    target: emailTarget(user),
    code: input.verifyToken,
  });
  if (!check.ok) throw codeError(check);
  await db.transaction().execute(async (trx) => {
    await confirmEmail(trx, user, check.target);
    await writeAudit(trx, { userId: user.id, event: 'email verified', ip: ctx.ip });
    await bumpDirectory(trx, user.id);
  });
  const updated = (await findUser(db, { id: user.id }))!;
  if (user.email_verified !== 1 && updated.phone_verified === 1) announceNewContact(deps, user.id);
  if (updated.phone_verified !== 1) {
    const target = phoneTarget(updated);
    if (target) await sendCode(deps, updated, 'verify-phone', target, ctx).catch(() => 0);
    return {
      token: null,
      session: null,
      user: await userDto(db, user.id),
      role: updated.role,
      phoneVerified: false,
      tempToken: input.tempToken ?? null,
    };
  }
  // Email verified with a token returns a session (doc 2 section 4), after the second factor when there is one.
  const second = updated.active === 1 ? await deps.secondStep(updated, false) : null;
  if (second) throw second;
  const session = updated.active === 1 ? await openSession(deps, updated, false, ctx) : null;
  return {
    token: session?.token ?? null,
    session,
    user: await userDto(db, user.id),
    role: updated.role,
    phoneVerified: true,
    tempToken: null,
  };
}

export async function verifyPhone(deps: AuthDeps, input: { verifyToken: string; tempToken?: string }, ctx: Ctx) {
  const { db } = deps;
  const user = await userFromTempToken(deps, input.tempToken);
  // Only a code sent to the pending number verifies it (a code proves the number it went to, nothing else).
  const target = phoneTarget(user);
  if (!target) throw codeError({ ok: false, reason: 'invalid', attemptLeft: 0 });
  const check = await checkCode(db, deps.config.JWT_SECRET, {
    userId: user.id,
    purpose: 'verify-phone',
    target,
    code: input.verifyToken,
  });
  if (!check.ok) throw codeError(check);
  await db.transaction().execute(async (trx) => {
    await confirmPhone(trx, user);
    await writeAudit(trx, { userId: user.id, event: 'phone verified', ip: ctx.ip });
    await bumpDirectory(trx, user.id);
  });
  if (user.phone_verified !== 1 && user.email_verified === 1) announceNewContact(deps, user.id);
  return { user: await userDto(db, user.id), phoneVerified: true };
}
