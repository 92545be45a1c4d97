import { randomBytes } from 'node:crypto';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { ZUpdateAccountRequest } from '@rounds/contracts/account';
import type { TLanguage } from '@rounds/contracts/common';
import { SERVER_EVENTS } from '@rounds/contracts/events';
import type { TUser } from '@rounds/contracts/user';
import type { Server } from 'socket.io';
import type { z } from 'zod';
import type { Config } from '../../config';
import type { Db } from '../../db/database';
import { bindDeps } from '../../lib/bind-deps';
import { AppError, badRequest } from '../../lib/errors';
import { IMAGE_EXT } from '../../lib/image-type';
import { hashPassword, verifyPassword } from '../../lib/passwords';
import { text } from '../../lib/texts';
import { disconnectSessions, type Publish } from '../../realtime/publish';
import { writeAudit } from '../audit/audit.service';
import { checkCode, codeError, issueCode, sendAllowance } from '../auth/codes.service';
import { revokeSessions } from '../auth/sessions.store';
import { voidLiveCodes } from '../auth/verification-codes.store';
import { bumpDirectory } from '../contacts/staff-directory';
import type { Notifier } from '../notify/notify.service';
import { renderNotify } from '../notify/notify.texts';
import type { Classifications } from '../reference/reference.service';
import { readSetting } from '../settings/settings.service';
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

/**
 * What the signed-in user's own account uses (app.ts builds it). Each action takes only its slice, so the ones
 * administration and settings call (avatars, preferences) can be given just that.
 */
export type AccountDeps = {
  db: Db;
  /** A password change disconnects the user's other sessions at once. */
  io: Server;
  publish: Publish;
  notifier: Pick<Notifier, 'email' | 'sms'>;
  /** DATA_DIR holds the avatars. */
  config: Pick<Config, 'JWT_SECRET' | 'CODE_SENDS_PER_IP' | 'DATA_DIR'>;
  /** The classifications a profile names must exist (reference data). */
  assertClassifications: (c: Classifications) => Promise<void>;
};
type Changes = Pick<AccountDeps, 'db' | 'publish'>;

async function row(db: Db, userId: string) {
  const user = await readUser(db, userId);
  if (!user) throw new Error(`no user ${userId}`);
  return user;
}

export async function me(deps: Pick<AccountDeps, 'db'>, userId: string): Promise<TUser> {
  return (await loadUserDto(deps.db, userId, await readSetting(deps.db, 'sessionTimeout')))!;
}

/** After an own-account change: every tab of the user refreshes its copy. */
async function changed(deps: Changes, userId: string): Promise<TUser> {
  const user = await me(deps, userId);
  deps.publish(SERVER_EVENTS.UserUpdated, { user }, { users: [userId] });
  return user;
}

export async function changePassword(
  deps: Pick<AccountDeps, 'db' | 'publish' | 'io'>,
  userId: string,
  input: { currentPassword: string; newPassword: string },
  ctx: Ctx,
): Promise<{ message: string }> {
  const user = await row(deps.db, userId);
  if (!(await verifyPassword(user.password_hash, input.currentPassword))) {
    throw new AppError(400, 'WRONG_PASSWORD', 'wrongCurrentPassword');
  }
  const hash = await hashPassword(input.newPassword);
  const ended = await deps.db.transaction().execute(async (trx) => {
    await setPassword(trx, userId, hash);
    // Other devices are signed out; this one stays, as the form clears and the user carries on.
    const ids = await revokeSessions(trx, { userId, reason: 'passwordChanged', exceptSessionId: ctx.sessionId });
    await writeAudit(trx, { userId, event: 'password changed', ip: ctx.ip });
    return ids;
  });
  deps.publish(SERVER_EVENTS.ForcedLogout, { reason: 'accountChanged' }, { sessions: ended });
  disconnectSessions(deps.io, ended);
  return { message: text('passwordUpdated', ctx.lang) };
}

/** The parsed body of POST /setting/account (the session timeout already a number, or null for the default). */
export type AccountInput = z.output<typeof ZUpdateAccountRequest>;

export async function updateAccount(
  deps: Pick<AccountDeps, 'db' | 'publish' | 'assertClassifications'>,
  userId: string,
  input: AccountInput,
  ctx: Ctx,
): Promise<TUser> {
  await deps.assertClassifications(input);
  const current = await row(deps.db, userId);
  await deps.db.transaction().execute(async (trx) => {
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
  return changed(deps, userId);
}

const sendScope = (perIp: number, target: string, userId: string, ctx: Ctx) => ({ target, userId, ip: ctx.ip, perIp });

export async function requestContactChange(
  deps: Pick<AccountDeps, 'db' | 'publish' | 'notifier' | 'config'>,
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
  const { db, config } = deps;
  const user = await row(db, userId);
  const { emailChanged, phoneChanged } = contactChanges(user, input);
  if (emailChanged) await assertEmailFree(db, input.email, userId);
  const phoneTarget = `${input.phoneCountryCode}${input.phone}`;
  for (const target of [emailChanged ? input.email : null, phoneChanged ? phoneTarget : null]) {
    if (target && !(await sendAllowance(db, sendScope(config.CODE_SENDS_PER_IP, target, userId, ctx))).allowed) {
      throw new AppError(429, 'RESEND_LIMITED', 'resendLimited', { attemptLeft: 0 });
    }
  }
  const codes = await db.transaction().execute(async (trx) => {
    await setPendingContact(trx, userId, {
      ...(emailChanged ? { email: input.email } : {}),
      ...(phoneChanged
        ? { phone: { phone: input.phone, countryCode: input.phoneCountryCode, countryName: input.phoneCountryName } }
        : {}),
      sessionTimeout: input.sessionTimeout,
    });
    const out: { email?: string; phone?: string } = {};
    if (emailChanged) {
      out.email = await issueCode(trx, config.JWT_SECRET, {
        userId,
        purpose: 'update-email',
        target: input.email,
        ip: ctx.ip,
      });
      await writeAudit(trx, { userId, event: 'email change requested', ip: ctx.ip, details: { to: input.email } });
    }
    if (phoneChanged) {
      out.phone = await issueCode(trx, config.JWT_SECRET, {
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
    await deps.notifier.email(input.email, m.subject, m.text);
  }
  if (codes.phone) await deps.notifier.sms(phoneTarget, renderNotify('update-phone', lang, { code: codes.phone }).text);
  const scope = sendScope(config.CODE_SENDS_PER_IP, phoneChanged ? phoneTarget : input.email, userId, ctx);
  const left = await sendAllowance(db, scope);
  return { updatedUser: await changed(deps, userId), attemptLeft: left.attemptLeft + (left.allowed ? 1 : 0) };
}

export async function cancelContactChange(deps: Changes, userId: string, ctx: Ctx): Promise<TUser> {
  await deps.db.transaction().execute(async (trx) => {
    await clearPendingContact(trx, userId);
    await voidLiveCodes(trx, userId, ['update-email', 'update-phone'], Date.now());
    await writeAudit(trx, { userId, event: 'contact change cancelled', ip: ctx.ip });
  });
  return changed(deps, userId);
}

export async function verifyContactChange(
  deps: Pick<AccountDeps, 'db' | 'publish' | 'config'>,
  userId: string,
  input: { verifyToken: string; type: 'phone' | 'email' },
  ctx: Ctx,
): Promise<TUser> {
  const user = await row(deps.db, userId);
  const pending =
    input.type === 'phone'
      ? user.unverified_phone && `${user.unverified_phone_country_code ?? ''}${user.unverified_phone}`
      : user.unverified_email;
  if (!pending) throw badRequest('invalidCode', 'NOTHING_PENDING');
  // Only a code sent to the pending value confirms it.
  const check = await checkCode(deps.db, deps.config.JWT_SECRET, {
    userId,
    purpose: input.type === 'phone' ? 'update-phone' : 'update-email',
    target: pending,
    code: input.verifyToken,
  });
  if (!check.ok) throw codeError(check);
  const confirm = () =>
    deps.db.transaction().execute(async (trx) => {
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
  await (input.type === 'email' ? withEmailRace(deps.db, check.target, userId, confirm) : confirm());
  return changed(deps, userId);
}

export async function updatePreferences(
  deps: Changes,
  userId: string,
  input: { language?: TLanguage; settings?: { theme?: 'light' | 'dark'; playNotificationSound?: boolean } },
  ctx: Ctx,
): Promise<TUser> {
  await deps.db.transaction().execute(async (trx) => {
    await setUser(trx, userId, {
      ...(input.language ? { language: input.language } : {}),
      ...(input.settings?.theme ? { theme: input.settings.theme } : {}),
      ...(input.settings?.playNotificationSound !== undefined
        ? { play_notification_sound: input.settings.playNotificationSound ? 1 : 0 }
        : {}),
    });
    await writeAudit(trx, { userId, event: 'settings updated', ip: ctx.ip });
  });
  return changed(deps, userId);
}

/** Who changes an avatar: the user (settings) or an administrator (`by`, written to the user log). */
type AvatarCtx = { ip: string | null; by?: string };
type Avatars = Changes & { config: Pick<Config, 'DATA_DIR'> };

/** The user's own avatar, or another's by an administrator who manages them (modules/admin/admin-avatars.ts). */
export async function setAvatar(
  deps: Avatars,
  userId: string,
  bytes: Buffer,
  type: string,
  ctx: AvatarCtx,
): Promise<TUser> {
  const dir = join(deps.config.DATA_DIR, 'avatars');
  await mkdir(dir, { recursive: true, mode: 0o700 });
  const file = `${randomBytes(16).toString('hex')}.${IMAGE_EXT[type]}`;
  await writeFile(join(dir, file), bytes, { mode: 0o600 });
  const previous = (await row(deps.db, userId)).avatar;
  await deps.db.transaction().execute(async (trx) => {
    await setUser(trx, userId, { avatar: `${AVATAR_URL_PREFIX}${file}` });
    await writeAudit(trx, { userId, event: 'avatar changed', ip: ctx.ip, ...byOf(ctx) });
    await bumpDirectory(trx, userId);
  });
  await removeAvatarFile(deps, previous);
  return changed(deps, userId);
}

export async function deleteAvatar(deps: Avatars, userId: string, ctx: AvatarCtx): Promise<TUser> {
  const previous = (await row(deps.db, userId)).avatar;
  await deps.db.transaction().execute(async (trx) => {
    await setUser(trx, userId, { avatar: null });
    await writeAudit(trx, { userId, event: 'avatar removed', ip: ctx.ip, ...byOf(ctx) });
    await bumpDirectory(trx, userId);
  });
  await removeAvatarFile(deps, previous);
  return changed(deps, userId);
}

const byOf = (ctx: AvatarCtx) => (ctx.by ? { details: { by: ctx.by } } : {});

async function removeAvatarFile(deps: Pick<Avatars, 'config'>, path: string | null) {
  if (!path?.startsWith(AVATAR_URL_PREFIX)) return;
  await rm(join(deps.config.DATA_DIR, 'avatars', path.slice(AVATAR_URL_PREFIX.length)), { force: true });
}

/** The signed-in user's own account, each action reachable by name (app.accounts.changePassword(...)). */
export function createAccountService(deps: AccountDeps) {
  return bindDeps(deps, {
    me,
    changePassword,
    updateAccount,
    requestContactChange,
    cancelContactChange,
    verifyContactChange,
    updatePreferences,
    setAvatar,
    deleteAvatar,
  });
}

export type AccountService = ReturnType<typeof createAccountService>;
