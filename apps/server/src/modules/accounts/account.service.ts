import { randomBytes } from 'node:crypto';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { ZUpdateAccountRequest } from '@rounds/contracts/account';
import type { TLanguage } from '@rounds/contracts/common';
import { SERVER_EVENTS } from '@rounds/contracts/events';
import type { TUser } from '@rounds/contracts/user';
import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import { AppError, badRequest } from '../../lib/errors';
import { IMAGE_EXT } from '../../lib/image-type';
import { hashPassword, verifyPassword } from '../../lib/passwords';
import { text } from '../../lib/texts';
import { disconnectSessions } from '../../realtime/publish';
import { writeAudit } from '../audit/audit.service';
import { checkCode, issueCode, sendAllowance } from '../auth/codes.service';
import { revokeSessions } from '../auth/sessions.service';
import { bumpDirectory } from '../contacts/staff-directory';
import { renderNotify } from '../notify/notify.texts';
import { assertClassifications } from '../reference/reference.service';
import { contactChanges } from '../users/contact-change.rules';
import {
  assertEmailFree,
  clearPendingContact,
  confirmEmail,
  confirmPhone,
  setPendingContact,
  withEmailRace,
} from '../users/user-contact.store';
import { loadUserDto } from '../users/user-view';
import { readUser, replaceLinks, setPassword, setUser, updateIdentity } from '../users/users.store';

export const AVATAR_URL_PREFIX = '/api/v1/avatars/';
type Ctx = { ip: string | null; lang: TLanguage; sessionId: string };

async function row(app: FastifyInstance, userId: string) {
  const user = await readUser(app.db, userId);
  if (!user) throw new Error(`no user ${userId}`);
  return user;
}

export async function me(app: FastifyInstance, userId: string): Promise<TUser> {
  return (await loadUserDto(app.db, userId))!;
}

/** After an own-account change: every tab of the user refreshes its copy. */
async function changed(app: FastifyInstance, userId: string): Promise<TUser> {
  const user = await me(app, userId);
  app.publish(SERVER_EVENTS.UserUpdated, { user }, { users: [userId] });
  return user;
}

export async function changePassword(
  app: FastifyInstance,
  userId: string,
  input: { currentPassword: string; newPassword: string },
  ctx: Ctx,
): Promise<{ message: string }> {
  const user = await row(app, userId);
  if (!(await verifyPassword(user.password_hash, input.currentPassword))) {
    throw new AppError(400, 'WRONG_PASSWORD', 'wrongCurrentPassword');
  }
  const hash = await hashPassword(input.newPassword);
  const ended = await app.db.transaction().execute(async (trx) => {
    await setPassword(trx, userId, hash);
    // Other devices are signed out; this one stays, as the form clears and the user carries on.
    const ids = await revokeSessions(trx, { userId, reason: 'passwordChanged', exceptSessionId: ctx.sessionId });
    await writeAudit(trx, { userId, event: 'password changed', ip: ctx.ip });
    return ids;
  });
  app.publish(SERVER_EVENTS.ForcedLogout, { reason: 'accountChanged' }, { sessions: ended });
  disconnectSessions(app.io, ended);
  return { message: text('passwordUpdated', ctx.lang) };
}

/** The parsed body of POST /setting/account (the session timeout already a number, or null for the default). */
export type AccountInput = z.output<typeof ZUpdateAccountRequest>;

export async function updateAccount(
  app: FastifyInstance,
  userId: string,
  input: AccountInput,
  ctx: Ctx,
): Promise<TUser> {
  await assertClassifications(app, input);
  const current = await row(app, userId);
  await app.db.transaction().execute(async (trx) => {
    await updateIdentity(trx, userId, {
      first_name: input.firstName,
      last_name: input.lastName,
      email: current.email,
      profession_id: input.professionId[0] ?? null,
      suffix_id: input.suffixId[0] ?? null,
      session_timeout: input.sessionTimeout,
    });
    await replaceLinks(trx, userId, input);
    await writeAudit(trx, { userId, event: 'account updated', ip: ctx.ip });
    await bumpDirectory(trx, userId);
  });
  return changed(app, userId);
}

const sendScope = (app: FastifyInstance, target: string, userId: string, ctx: Ctx) => ({
  target,
  userId,
  ip: ctx.ip,
  perIp: app.config.CODE_SENDS_PER_IP,
});

export async function requestContactChange(
  app: FastifyInstance,
  userId: string,
  input: {
    email: string;
    phone: string;
    phoneCountryCode: string;
    phoneCountryName: string;
    sessionTimeout?: number | null;
  },
  ctx: Ctx,
): Promise<{ updatedUser: TUser; attemptLeft: number }> {
  const user = await row(app, userId);
  const { emailChanged, phoneChanged } = contactChanges(user, input);
  if (emailChanged) await assertEmailFree(app.db, input.email, userId);
  const phoneTarget = `${input.phoneCountryCode}${input.phone}`;
  for (const target of [emailChanged ? input.email : null, phoneChanged ? phoneTarget : null]) {
    if (target && !(await sendAllowance(app.db, sendScope(app, target, userId, ctx))).allowed) {
      throw new AppError(429, 'RESEND_LIMITED', 'resendLimited', { attemptLeft: 0 });
    }
  }
  const codes = await app.db.transaction().execute(async (trx) => {
    await setPendingContact(trx, userId, {
      ...(emailChanged ? { email: input.email } : {}),
      ...(phoneChanged
        ? { phone: { phone: input.phone, countryCode: input.phoneCountryCode, countryName: input.phoneCountryName } }
        : {}),
      sessionTimeout: input.sessionTimeout,
    });
    const out: { email?: string; phone?: string } = {};
    if (emailChanged) {
      out.email = await issueCode(trx, app.config.JWT_SECRET, {
        userId,
        purpose: 'update-email',
        target: input.email,
        ip: ctx.ip,
      });
      await writeAudit(trx, { userId, event: 'email change requested', ip: ctx.ip, details: { to: input.email } });
    }
    if (phoneChanged) {
      out.phone = await issueCode(trx, app.config.JWT_SECRET, {
        userId,
        purpose: 'update-phone',
        target: phoneTarget,
        ip: ctx.ip,
      });
      await writeAudit(trx, { userId, event: 'phone change requested', ip: ctx.ip });
    }
    return out;
  });
  const lang: TLanguage = user.language === 'fr' ? 'fr' : 'en';
  if (codes.email) {
    const m = renderNotify('update-email', lang, { code: codes.email });
    await app.notifier.email(input.email, m.subject, m.text);
  }
  if (codes.phone) await app.notifier.sms(phoneTarget, renderNotify('update-phone', lang, { code: codes.phone }).text);
  const left = await sendAllowance(app.db, sendScope(app, phoneChanged ? phoneTarget : input.email, userId, ctx));
  return { updatedUser: await changed(app, userId), attemptLeft: left.attemptLeft + (left.allowed ? 1 : 0) };
}

export async function cancelContactChange(app: FastifyInstance, userId: string, ctx: Ctx): Promise<TUser> {
  await app.db.transaction().execute(async (trx) => {
    await clearPendingContact(trx, userId);
    await trx
      .updateTable('verification_codes')
      .set({ used_at: Date.now() })
      .where('user_id', '=', userId)
      .where('purpose', 'in', ['update-email', 'update-phone'])
      .where('used_at', 'is', null)
      .execute();
    await writeAudit(trx, { userId, event: 'contact change cancelled', ip: ctx.ip });
  });
  return changed(app, userId);
}

export async function verifyContactChange(
  app: FastifyInstance,
  userId: string,
  input: { verifyToken: string; type: 'phone' | 'email' },
  ctx: Ctx,
): Promise<TUser> {
  const user = await row(app, userId);
  const pending =
    input.type === 'phone'
      ? user.unverified_phone && `${user.unverified_phone_country_code ?? ''}${user.unverified_phone}`
      : user.unverified_email;
  if (!pending) throw badRequest('invalidCode', 'NOTHING_PENDING');
  // Only a code sent to the pending value confirms it.
  const check = await checkCode(app.db, app.config.JWT_SECRET, {
    userId,
    purpose: input.type === 'phone' ? 'update-phone' : 'update-email',
    target: pending,
    code: input.verifyToken,
  });
  if (!check.ok) {
    if (check.reason === 'expired') throw new AppError(400, 'EXPIRED_CODE', 'expiredCode', { attemptLeft: 0 });
    if (check.reason === 'tooManyTries') throw new AppError(429, 'TOO_MANY_TRIES', 'tooManyTries', { attemptLeft: 0 });
    throw new AppError(400, 'INVALID_CODE', 'invalidCode', { attemptLeft: check.attemptLeft });
  }
  const confirm = () =>
    app.db.transaction().execute(async (trx) => {
      if (input.type === 'phone') {
        await confirmPhone(trx, user);
        await writeAudit(trx, { userId, event: 'phone changed', ip: ctx.ip });
        await bumpDirectory(trx, userId);
      } else {
        await confirmEmail(trx, user, check.target);
        await writeAudit(trx, {
          userId,
          event: 'email changed',
          ip: ctx.ip,
          details: { from: user.email, to: check.target },
        });
        await bumpDirectory(trx, userId);
      }
    });
  // Another account may have taken the email since its code was sent: the unique index refuses it (409).
  await (input.type === 'email' ? withEmailRace(app.db, check.target, userId, confirm) : confirm());
  return changed(app, userId);
}

export async function updatePreferences(
  app: FastifyInstance,
  userId: string,
  input: { language?: TLanguage; settings?: { theme?: 'light' | 'dark'; playNotificationSound?: boolean } },
  ctx: Ctx,
): Promise<TUser> {
  await app.db.transaction().execute(async (trx) => {
    await setUser(trx, userId, {
      ...(input.language ? { language: input.language } : {}),
      ...(input.settings?.theme ? { theme: input.settings.theme } : {}),
      ...(input.settings?.playNotificationSound !== undefined
        ? { play_notification_sound: input.settings.playNotificationSound ? 1 : 0 }
        : {}),
    });
    await writeAudit(trx, { userId, event: 'settings updated', ip: ctx.ip });
  });
  return changed(app, userId);
}

/** Who changes an avatar: the user (settings) or an administrator (`by`, written to the user log). */
type AvatarCtx = { ip: string | null; by?: string };

/** The user's own avatar, or another's by an administrator who manages them (modules/admin/admin-avatars.ts). */
export async function setAvatar(
  app: FastifyInstance,
  userId: string,
  bytes: Buffer,
  type: string,
  ctx: AvatarCtx,
): Promise<TUser> {
  const dir = join(app.config.DATA_DIR, 'avatars');
  await mkdir(dir, { recursive: true, mode: 0o700 });
  const file = `${randomBytes(16).toString('hex')}.${IMAGE_EXT[type]}`;
  await writeFile(join(dir, file), bytes, { mode: 0o600 });
  const previous = (await row(app, userId)).avatar;
  await app.db.transaction().execute(async (trx) => {
    await setUser(trx, userId, { avatar: `${AVATAR_URL_PREFIX}${file}` });
    await writeAudit(trx, { userId, event: 'avatar changed', ip: ctx.ip, ...byOf(ctx) });
    await bumpDirectory(trx, userId);
  });
  await removeAvatarFile(app, previous);
  return changed(app, userId);
}

export async function deleteAvatar(app: FastifyInstance, userId: string, ctx: AvatarCtx): Promise<TUser> {
  const previous = (await row(app, userId)).avatar;
  await app.db.transaction().execute(async (trx) => {
    await setUser(trx, userId, { avatar: null });
    await writeAudit(trx, { userId, event: 'avatar removed', ip: ctx.ip, ...byOf(ctx) });
    await bumpDirectory(trx, userId);
  });
  await removeAvatarFile(app, previous);
  return changed(app, userId);
}

const byOf = (ctx: AvatarCtx) => (ctx.by ? { details: { by: ctx.by } } : {});

async function removeAvatarFile(app: FastifyInstance, path: string | null) {
  if (!path?.startsWith(AVATAR_URL_PREFIX)) return;
  await rm(join(app.config.DATA_DIR, 'avatars', path.slice(AVATAR_URL_PREFIX.length)), { force: true });
}
