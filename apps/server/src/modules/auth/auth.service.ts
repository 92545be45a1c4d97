import type { TLanguage } from '@rounds/contracts/common';
import { SERVER_EVENTS } from '@rounds/contracts/events';
import type { TUser } from '@rounds/contracts/user';
import type { FastifyInstance } from 'fastify';
import type { Transaction } from 'kysely';
import type { Database } from '../../db/schema';
import { AppError, badRequest } from '../../lib/errors';
import { newId } from '../../lib/ids';
import { hashPassword, verifyPassword } from '../../lib/passwords';
import { type TextKey, text } from '../../lib/texts';
import { signAccessToken, signTempToken, verifyTempToken } from '../../lib/tokens';
import { disconnectSessions } from '../../realtime/publish';
import { writeAudit } from '../audit/audit.service';
import { bumpDirectory } from '../contacts/staff-directory';
import { secondStep } from '../identity/mfa.service';
import { renderNotify } from '../notify/notify.texts';
import { assertClassifications } from '../reference/reference.service';
import { readSetting, readSettings, registrationOpen } from '../settings/settings.service';
import { isLiveSession, refreshTokenState } from '../users/session-state.store';
import {
  assertEmailFree,
  confirmEmail,
  confirmPhone,
  replaceUnverifiedEmail,
  setPendingContact,
  withEmailRace,
} from '../users/user-contact.store';
import { loadUserDto } from '../users/user-view';
import {
  findUser,
  insertLinks,
  insertUsers,
  markLogin,
  NO_PASSWORD,
  setPassword,
  type UserRow,
} from '../users/users.store';
import {
  type CodeCheck,
  checkCode,
  consumeTokenCode,
  issueCode,
  RESET_TTL_MS,
  resetCode,
  sendAllowance,
} from './codes.service';
import { clearAccountFailures, clearFailures, recordFailure, THROTTLE, throttleState } from './login-throttle';
import {
  addRefreshToken,
  createSession,
  DUPLICATE_SESSION_GRACE_MS,
  hashRefreshToken,
  revokeSessions,
  touchSession,
} from './sessions.service';

export type Ctx = { ip: string | null; userAgent: string | null; lang: TLanguage };
export type SessionResult = { token: string; refreshToken: string; refreshExpiresAt: number; remember: boolean };

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
  return fail(429, 'LOGIN_THROTTLED', key, { attemptLeft: 0, retryAfter: seconds }, { n });
}

function fail(status: number, code: string, key: TextKey, extra: Record<string, unknown> = {}, vars = {}) {
  return new AppError(status, code, key, extra, vars);
}

async function userById(app: FastifyInstance, id: string): Promise<UserRow | undefined> {
  return findUser(app.db, { id });
}

async function dto(app: FastifyInstance, userId: string): Promise<TUser> {
  return (await loadUserDto(app.db, userId))!;
}

/**
 * Starts a session: under the single-session rule (SINGLE_SESSION) revokes the others and warns their tabs before
 * closing them.
 */
export async function openSession(
  app: FastifyInstance,
  user: UserRow,
  remember: boolean,
  ctx: Ctx,
  /** More to write with the session (single sign-on: the provider's session behind it). */
  within?: (trx: Transaction<Database>, sessionId: string) => Promise<void>,
): Promise<SessionResult> {
  const now = Date.now();
  const result = await app.db.transaction().execute(async (trx) => {
    const older = app.config.SINGLE_SESSION
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
    app.publish(SERVER_EVENTS.DuplicateSession, { reason: 'duplicateSession' }, { sessions: result.older });
    disconnectSessions(app.io, result.older, DUPLICATE_SESSION_GRACE_MS);
  }
  const token = await signAccessToken(
    app.config.JWT_SECRET,
    { sub: user.id, role: user.role, sid: result.sessionId },
    app.config.ACCESS_TOKEN_TTL,
  );
  return { token, refreshToken: result.refreshToken, refreshExpiresAt: result.refreshExpiresAt, remember };
}

/**
 * Sends a code to `target` within the send limits. `withCode` runs in the transaction that stores the code,
 * so what depends on the code (a pending phone or email) is written only once a code was issued for it.
 */
async function sendCode(
  app: FastifyInstance,
  user: UserRow,
  purpose: 'verify-email' | 'verify-phone' | 'update-email' | 'update-phone',
  target: string,
  ctx: Ctx,
  withCode?: (trx: Transaction<Database>) => Promise<void>,
): Promise<number> {
  const allowance = await sendAllowance(app.db, {
    target,
    ip: ctx.ip,
    userId: user.id,
    perIp: app.config.CODE_SENDS_PER_IP,
  });
  if (!allowance.allowed) throw fail(429, 'RESEND_LIMITED', 'resendLimited', { attemptLeft: 0 });
  const code = await app.db.transaction().execute(async (trx) => {
    await withCode?.(trx);
    return issueCode(trx, app.config.JWT_SECRET, { userId: user.id, purpose, target, ip: ctx.ip });
  });
  const msg = renderNotify(purpose, user.language === 'fr' ? 'fr' : 'en', { code });
  if (purpose === 'verify-phone' || purpose === 'update-phone') await app.notifier.sms(target, msg.text);
  else await app.notifier.email(target, msg.subject, msg.text);
  return allowance.attemptLeft;
}

function codeError(check: Exclude<CodeCheck, { ok: true }>): AppError {
  if (check.reason === 'expired') return fail(400, 'EXPIRED_CODE', 'expiredCode', { attemptLeft: 0 });
  if (check.reason === 'tooManyTries') return fail(429, 'TOO_MANY_TRIES', 'tooManyTries', { attemptLeft: 0 });
  return fail(400, 'INVALID_CODE', 'invalidCode', { attemptLeft: check.attemptLeft });
}

export function emailTarget(user: UserRow): string {
  return user.unverified_email ?? user.email;
}
export function phoneTarget(user: UserRow): string | null {
  const phone = user.unverified_phone ?? user.phone;
  const code = user.unverified_phone ? user.unverified_phone_country_code : user.phone_country_code;
  return phone && code ? `${code}${phone}` : null;
}

async function userFromTempToken(app: FastifyInstance, tempToken: string | undefined): Promise<UserRow> {
  const userId = tempToken ? await verifyTempToken(app.config.JWT_SECRET, tempToken) : null;
  const user = userId ? await userById(app, userId) : undefined;
  if (!user) throw fail(401, 'INVALID_TOKEN', 'invalidTempToken');
  return user;
}

export async function login(
  app: FastifyInstance,
  input: { username: string; password: string; remember: boolean; captchaResponse?: string },
  ctx: Ctx,
): Promise<{ session: SessionResult; user: TUser }> {
  const user = await findUser(app.db, { email: input.username });

  // Unknown emails are throttled exactly like real ones (keyed by the email given), so replies reveal nothing.
  const state = await throttleState(app.db, input.username, ctx.ip);
  if (state.blockedMs > 0) {
    await checkPassword(null, input.password);
    throw throttled(state.blockedMs);
  }
  if (state.captchaRequired && !(input.captchaResponse && (await app.captcha.verify(input.captchaResponse)))) {
    await checkPassword(null, input.password);
    throw fail(403, 'CAPTCHA_REQUIRED', 'captchaRequired', {
      attemptLeft: Math.max(0, THROTTLE.pairFreeFailures - state.pairFailures),
      captchaRequired: true,
    });
  }

  if (!(await checkPassword(user?.password_hash ?? null, input.password))) {
    const counts = await recordFailure(app.db, input.username, ctx.ip);
    await app.db.transaction().execute(async (trx) => {
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
    throw fail(401, 'INVALID_CREDENTIALS', 'invalidCredentials', {
      attemptLeft: Math.max(0, THROTTLE.pairFreeFailures - counts.pairFailures),
      ...(counts.captchaRequired ? { captchaRequired: true } : {}),
    });
  }
  if (!user) throw new Error('unreachable: a password check passed without a user');
  await clearFailures(app.db, input.username, ctx.ip);

  await assertMaySignIn(app, user);
  if (user.email_verified !== 1 || user.phone_verified !== 1) {
    const emailFirst = user.email_verified !== 1;
    const tempToken = await signTempToken(app.config.JWT_SECRET, user.id);
    // Send a fresh code so the confirm screen has one to check (within the resend limits).
    const target = emailFirst ? emailTarget(user) : phoneTarget(user);
    if (target) await sendCode(app, user, emailFirst ? 'verify-email' : 'verify-phone', target, ctx).catch(() => 0);
    throw emailFirst
      ? fail(403, 'EMAIL_NOT_VERIFIED', 'emailNotVerified', { tempToken })
      : fail(403, 'PHONE_NOT_VERIFIED', 'phoneNotVerified', { tempToken });
  }

  // Multi-factor sign-in (issue 26): with a factor, or one the policy asks for, the password buys a challenge.
  const second = await secondStep(app.mfa, user, input.remember);
  if (second) throw second;
  return completeSignIn(app, user, input.remember, ctx);
}

/**
 * What any way in but single sign-on asks of the account itself (a password, a passkey): active, and not
 * kept to SSO (issue 26: then only the break-glass local Admin signs in otherwise).
 */
export async function assertMaySignIn(app: FastifyInstance, user: UserRow): Promise<void> {
  if (user.active !== 1) throw fail(403, 'ACCOUNT_INACTIVE', 'accountInactive');
  if (app.config.OIDC_ISSUER && (await readSetting(app.db, 'ssoOnly')) && !isBreakGlass(app, user))
    throw fail(403, 'SSO_REQUIRED', 'ssoRequired');
}

/** The session a sign-in ends with: after the password, or after the password and a second factor. */
export async function completeSignIn(
  app: FastifyInstance,
  user: UserRow,
  remember: boolean,
  ctx: Ctx,
): Promise<{ session: SessionResult; user: TUser }> {
  const session = await openSession(app, user, remember, ctx);
  return { session, user: await dto(app, user.id) };
}

/** The one local Admin who still signs in with a password when single sign-on is the only way in. */
function isBreakGlass(app: FastifyInstance, user: UserRow): boolean {
  const email = app.config.OIDC_BREAK_GLASS_EMAIL ?? app.config.ADMIN_EMAIL;
  return user.role === 'Admin' && email !== undefined && user.email.toLowerCase() === email.toLowerCase();
}

export type RegisterInput = {
  email: string;
  password: string;
  firstName: string;
  lastName: string;
  phone: string;
  phoneCountryCode: string;
  phoneCountryName: string;
  facilityId: string[];
  departmentId: string[];
  professionId: string[];
  specialtyId: string[];
  suffixId: string[];
  captchaResponse: string;
};

export async function register(
  app: FastifyInstance,
  input: RegisterInput,
  ctx: Ctx,
): Promise<{ tempToken: string; user: TUser }> {
  const settings = await readSettings(app.db);
  if (!registrationOpen(settings, !!app.config.OIDC_ISSUER))
    throw fail(403, 'REGISTRATION_DISABLED', 'registrationDisabled');
  if (!(await app.captcha.verify(input.captchaResponse))) throw fail(400, 'CAPTCHA_FAILED', 'captchaFailed');
  await assertClassifications(app, input);

  await assertEmailFree(app.db, input.email);

  const passwordHash = await hashPassword(input.password);
  const id = newId();
  await withEmailRace(app.db, input.email, undefined, () =>
    app.db.transaction().execute(async (trx) => {
      await insertUsers(trx, [
        {
          id,
          email: input.email,
          unverified_email: input.email,
          unverified_phone: input.phone,
          unverified_phone_country_code: input.phoneCountryCode,
          unverified_phone_country_name: input.phoneCountryName,
          first_name: input.firstName,
          last_name: input.lastName,
          password_hash: passwordHash,
          language: ctx.lang,
          profession_id: input.professionId[0] ?? null,
          suffix_id: input.suffixId[0] ?? null,
        },
      ]);
      await insertLinks(trx, [{ id, ...input }]);
      await writeAudit(trx, { userId: id, event: 'register', ip: ctx.ip });
    }),
  );
  const user = (await userById(app, id))!;
  await sendCode(app, user, 'verify-email', input.email, ctx).catch(() => 0);
  return { tempToken: await signTempToken(app.config.JWT_SECRET, id), user: await dto(app, id) };
}

/** A user whose email and phone are now both verified appears in everyone's contacts (doc 2 section 7). */
function announceNewContact(app: FastifyInstance, userId: string): void {
  app.publish(SERVER_EVENTS.NewRegisteredContact, { userId }, { all: true });
}

export async function verifyEmail(app: FastifyInstance, input: { verifyToken: string; tempToken?: string }, ctx: Ctx) {
  const user = await userFromTempToken(app, input.tempToken);
  const check = await checkCode(app.db, app.config.JWT_SECRET, {
    userId: user.id,
    purpose: 'verify-email',
    target: emailTarget(user),
    code: input.verifyToken,
  });
  if (!check.ok) throw codeError(check);
  await app.db.transaction().execute(async (trx) => {
    await confirmEmail(trx, user, check.target);
    await writeAudit(trx, { userId: user.id, event: 'email verified', ip: ctx.ip });
    await bumpDirectory(trx, user.id);
  });
  const updated = (await userById(app, user.id))!;
  if (user.email_verified !== 1 && updated.phone_verified === 1) announceNewContact(app, user.id);
  if (updated.phone_verified !== 1) {
    const target = phoneTarget(updated);
    if (target) await sendCode(app, updated, 'verify-phone', target, ctx).catch(() => 0);
    return {
      token: null,
      session: null,
      user: await dto(app, user.id),
      role: updated.role,
      phoneVerified: false,
      tempToken: input.tempToken ?? null,
    };
  }
  // Email verified with a token returns a session (doc 2 section 4), after the second factor when there is one.
  const second = updated.active === 1 ? await secondStep(app.mfa, updated, false) : null;
  if (second) throw second;
  const session = updated.active === 1 ? await openSession(app, updated, false, ctx) : null;
  return {
    token: session?.token ?? null,
    session,
    user: await dto(app, user.id),
    role: updated.role,
    phoneVerified: true,
    tempToken: null,
  };
}

export async function verifyPhone(app: FastifyInstance, input: { verifyToken: string; tempToken?: string }, ctx: Ctx) {
  const user = await userFromTempToken(app, input.tempToken);
  // Only a code sent to the pending number verifies it (a code proves the number it went to, nothing else).
  const target = phoneTarget(user);
  if (!target) throw codeError({ ok: false, reason: 'invalid', attemptLeft: 0 });
  const check = await checkCode(app.db, app.config.JWT_SECRET, {
    userId: user.id,
    purpose: 'verify-phone',
    target,
    code: input.verifyToken,
  });
  if (!check.ok) throw codeError(check);
  await app.db.transaction().execute(async (trx) => {
    await confirmPhone(trx, user);
    await writeAudit(trx, { userId: user.id, event: 'phone verified', ip: ctx.ip });
    await bumpDirectory(trx, user.id);
  });
  if (user.phone_verified !== 1 && user.email_verified === 1) announceNewContact(app, user.id);
  return { user: await dto(app, user.id), phoneVerified: true };
}

export async function resendEmail(app: FastifyInstance, input: { email?: string; tempToken?: string }, ctx: Ctx) {
  const user = await userFromTempToken(app, input.tempToken);
  if (user.email_verified === 1 && !user.unverified_email) throw badRequest('alreadyVerified', 'ALREADY_VERIFIED');
  const attemptLeft = await sendCode(app, user, 'verify-email', emailTarget(user), ctx);
  return { message: text('codeSent', ctx.lang), attemptLeft };
}

export async function resendPhone(app: FastifyInstance, input: { tempToken?: string }, ctx: Ctx) {
  const user = await userFromTempToken(app, input.tempToken);
  const target = phoneTarget(user);
  if (!target || (user.phone_verified === 1 && !user.unverified_phone))
    throw badRequest('alreadyVerified', 'ALREADY_VERIFIED');
  const attemptLeft = await sendCode(app, user, 'verify-phone', target, ctx);
  return { message: text('codeSent', ctx.lang), attemptLeft };
}

/** On the confirm screens: fix a mistyped email or phone before it is verified. */
export async function changeEmailUnverified(
  app: FastifyInstance,
  input: { email: string; tempToken?: string },
  ctx: Ctx,
) {
  const user = await userFromTempToken(app, input.tempToken);
  if (user.email_verified === 1) throw badRequest('alreadyVerified', 'ALREADY_VERIFIED');
  await assertEmailFree(app.db, input.email, user.id);
  const attemptLeft = await withEmailRace(app.db, input.email, user.id, () =>
    sendCode(app, user, 'verify-email', input.email, ctx, async (trx) => {
      await replaceUnverifiedEmail(trx, user, input.email);
      await writeAudit(trx, { userId: user.id, event: 'email change requested', ip: ctx.ip });
    }),
  );
  return { message: text('codeSent', ctx.lang), attemptLeft, user: await dto(app, user.id) };
}

export async function changePhoneUnverified(
  app: FastifyInstance,
  input: { phone: string; phoneCountryCode: string; phoneCountryName: string; tempToken?: string },
  ctx: Ctx,
) {
  const user = await userFromTempToken(app, input.tempToken);
  if (user.phone_verified === 1) throw badRequest('alreadyVerified', 'ALREADY_VERIFIED');
  const target = `${input.phoneCountryCode}${input.phone}`;
  // The new number becomes pending only with a code issued for it: a refused send leaves the old one.
  const attemptLeft = await sendCode(app, user, 'verify-phone', target, ctx, async (trx) => {
    await setPendingContact(trx, user.id, {
      phone: { phone: input.phone, countryCode: input.phoneCountryCode, countryName: input.phoneCountryName },
    });
    await writeAudit(trx, { userId: user.id, event: 'phone change requested', ip: ctx.ip });
  });
  return { message: text('codeSent', ctx.lang), attemptLeft, user: await dto(app, user.id) };
}

export async function refresh(
  app: FastifyInstance,
  refreshToken: string | undefined,
  ctx: Ctx,
): Promise<SessionResult> {
  const expired = () => fail(401, 'UNAUTHORIZED', 'sessionExpired');
  if (!refreshToken) throw expired();
  const now = Date.now();
  const row = await refreshTokenState(app.db, hashRefreshToken(refreshToken));
  if (!row) throw expired();
  if (row.usedAt !== null) {
    // A rotated token came back: someone kept a copy. End the whole session.
    await app.db.transaction().execute(async (trx) => {
      await trx
        .updateTable('sessions')
        .set({ revoked_at: now, revoked_reason: 'tokenReuse' })
        .where('id', '=', row.sessionId)
        .execute();
      await writeAudit(trx, { userId: row.userId, event: 'token reuse detected', ip: ctx.ip });
    });
    disconnectSessions(app.io, [row.sessionId]);
    throw expired();
  }
  if (row.expiresAt < now || !isLiveSession(row, now)) throw expired();
  const next = await app.db.transaction().execute(async (trx) => {
    const used = await trx
      .updateTable('refresh_tokens')
      .set({ used_at: now })
      .where('id', '=', row.tokenId)
      .where('used_at', 'is', null)
      .executeTakeFirst();
    if (Number(used.numUpdatedRows) !== 1) return null;
    // Settings' signed-in devices show when and where each session was last seen: an open app renews here.
    await touchSession(trx, row.sessionId, ctx.ip, now);
    return addRefreshToken(trx, row.sessionId, row.remember === 1);
  });
  if (!next) throw expired();
  const token = await signAccessToken(
    app.config.JWT_SECRET,
    { sub: row.userId, role: row.role, sid: row.sessionId },
    app.config.ACCESS_TOKEN_TTL,
  );
  return {
    token,
    refreshToken: next.refreshToken,
    refreshExpiresAt: next.refreshExpiresAt,
    remember: row.remember === 1,
  };
}

/** Ends every session of the user (all devices, all tabs). */
export async function logout(app: FastifyInstance, userId: string, ctx: Ctx): Promise<void> {
  const ended = await app.db.transaction().execute(async (trx) => {
    const ids = await revokeSessions(trx, { userId, reason: 'logout' });
    await writeAudit(trx, { userId, event: 'logout', ip: ctx.ip });
    return ids;
  });
  disconnectSessions(app.io, ended);
  await app.calls.leaveAll(userId);
}

export async function forgotPassword(app: FastifyInstance, email: string, ctx: Ctx): Promise<{ message: string }> {
  const user = await findUser(app.db, { email });
  const allowance = await sendAllowance(app.db, {
    target: email,
    ip: ctx.ip,
    userId: user?.id ?? null,
    perIp: app.config.CODE_SENDS_PER_IP,
  });
  if (user && user.active === 1 && allowance.allowed) {
    const code = resetCode();
    await app.db.transaction().execute((trx) =>
      issueCode(trx, app.config.JWT_SECRET, {
        userId: user.id,
        purpose: 'reset-password',
        target: email,
        ip: ctx.ip,
        code,
        ttlMs: RESET_TTL_MS,
      }),
    );
    const msg = renderNotify('reset-password', user.language === 'fr' ? 'fr' : 'en', { code });
    await app.notifier.email(email, msg.subject, msg.text);
  }
  // The same answer whether or not the email is known, and whether or not the limit was reached.
  return { message: text('resetSent', ctx.lang) };
}

export async function resetPassword(
  app: FastifyInstance,
  purpose: 'reset-password' | 'set-password',
  input: { token: string; password: string },
  ctx: Ctx,
): Promise<{ message: string }> {
  const found = await consumeTokenCode(app.db, app.config.JWT_SECRET, purpose, input.token);
  if (!found) throw fail(400, 'INVALID_CODE', 'invalidResetToken');
  const hash = await hashPassword(input.password);
  const ended = await app.db.transaction().execute(async (trx) => {
    await setPassword(trx, found.userId, hash);
    const ids = await revokeSessions(trx, { userId: found.userId, reason: 'passwordReset' });
    await writeAudit(trx, { userId: found.userId, event: 'password reset', ip: ctx.ip });
    return ids;
  });
  const owner = await userById(app, found.userId);
  if (owner) await clearAccountFailures(app.db, owner.email);
  disconnectSessions(app.io, ended);
  return { message: text('passwordUpdated', ctx.lang) };
}
