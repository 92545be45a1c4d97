import type { ZAdminResetPasswordRequest, ZCreateUserRequest, ZUpdateUserRequest } from '@rounds/contracts/admin-users';
import type { TLanguage } from '@rounds/contracts/common';
import { SERVER_EVENTS } from '@rounds/contracts/events';
import { TIMINGS } from '@rounds/contracts/limits';
import type { TUser } from '@rounds/contracts/user';
import type { z } from 'zod';
import type { Db } from '../../db/database';
import type { AuthContext } from '../../lib/auth-context';
import { forbidden } from '../../lib/errors';
import { newId } from '../../lib/ids';
import { hashPassword } from '../../lib/passwords';
import { writeAudit } from '../audit/audit.service';
import { publishLogsChanged } from '../audit/logs-changed';
import { clearAccountFailures } from '../auth/login-throttle';
import { revokeSessions } from '../auth/sessions.store';
import { bumpDirectory } from '../contacts/staff-directory';
import { assertClassifications } from '../reference/reference.service';
import { contactChanges } from '../users/contact-change.rules';
import { assertEmailFree, withEmailRace } from '../users/user-contact.store';
import { assertManages, assertOwnFacilities, facilitiesAfterUpdate } from '../users/users.policy';
import {
  insertLinks,
  insertUsers,
  NO_PASSWORD,
  readUser,
  replaceLinks,
  setPassword,
  updateIdentity,
  userColumns,
} from '../users/users.store';
import { type AdminDeps, userReply } from './admin-context';

export type TCreateUser = z.output<typeof ZCreateUserRequest>;
type TUpdateUser = z.output<typeof ZUpdateUserRequest>;
type Ctx = {
  ip: string;
  lang: TLanguage;
  /** The caller's own writes about the user, in the same commit (SCIM's directory attributes and log entry). */
  within?: (trx: Db, userId: string) => Promise<void>;
};

/** Only an Admin gives the Admin role (doc 2 section 4), on create as on update-role. */
export function assertMayGiveRole(actor: AuthContext, role: string): void {
  if (role === 'Admin' && actor.role !== 'Admin') throw forbidden('adminOnlyRole', 'ADMIN_ROLE');
}

/**
 * The users row of an account an administrator creates: email and phone count as verified (the administrator
 * vouches for them, so the person is in the directory at once) and there is no password until they choose one
 * through the emailed link, written in the creating administrator's language (theirs until they change it).
 * Clinical role and suffix hold one value.
 */
export function adminCreatedUser(id: string, u: TCreateUser, language: TLanguage) {
  return {
    id,
    language,
    email: u.email,
    first_name: u.firstName,
    last_name: u.lastName,
    password_hash: NO_PASSWORD,
    phone: u.phone,
    phone_country_code: u.phoneCountryCode,
    phone_country_name: u.phoneCountryName ?? null,
    email_verified: 1,
    phone_verified: 1,
    role: u.role,
    session_timeout: u.sessionTimeout,
    profession_id: u.professionId[0] ?? null,
    suffix_id: u.suffixId[0] ?? null,
  };
}

/** GET /user/get-user: one user the actor manages (404 unknown or deleted, 403 outside the scope). */
export async function getUser(deps: Pick<AdminDeps, 'db'>, actor: AuthContext, id: string): Promise<TUser> {
  await assertManages(deps.db, actor, id);
  return userReply(deps.db, id);
}

/**
 * POST /user: the account, its classifications, its user-log entry and the set-password email (a notification
 * job) commit together; then the directory shows the person to everyone and the log readers refresh.
 */
export async function createUser(
  deps: Pick<AdminDeps, 'db' | 'publish' | 'notificationJobs' | 'queueSetPasswordInvites'>,
  actor: AuthContext,
  u: TCreateUser,
  ctx: Ctx,
): Promise<TUser> {
  assertMayGiveRole(actor, u.role);
  await assertOwnFacilities(deps.db, actor, u.facilityId);
  await assertClassifications(deps, u);
  await assertEmailFree(deps.db, u.email);
  const id = newId();
  await withEmailRace(deps.db, u.email, undefined, () =>
    deps.db.transaction().execute(async (trx) => {
      await insertUsers(trx, [adminCreatedUser(id, u, ctx.lang)]);
      await insertLinks(trx, [{ id, ...u }]);
      await deps.queueSetPasswordInvites(trx, [{ id, email: u.email, language: ctx.lang }], ctx.ip);
      await bumpDirectory(trx, id);
      await writeAudit(trx, { userId: id, event: 'user created', ip: ctx.ip, details: { by: actor.userId } });
      await ctx.within?.(trx, id);
    }),
  );
  deps.notificationJobs.wake();
  deps.publish(SERVER_EVENTS.NewRegisteredContact, { userId: id }, { all: true });
  await publishLogsChanged(deps);
  return userReply(deps.db, id);
}

/**
 * After a change of the sign-in data (email, phone, password) by someone else: the sessions are already
 * revoked; the user's open apps are told (AccountDataChanged, then ForcedLogout 'accountChanged' with the
 * spec's 10-second warning) and their sockets close after it.
 */
export function endSessionsForChange(
  deps: Pick<AdminDeps, 'publish' | 'disconnectSessions'>,
  userId: string,
  sessionIds: string[],
): void {
  deps.publish(SERVER_EVENTS.AccountDataChanged, {}, { users: [userId] });
  deps.publish(SERVER_EVENTS.ForcedLogout, { reason: 'accountChanged' }, { users: [userId] });
  deps.disconnectSessions(sessionIds, TIMINGS.forcedLogoutDelayMs);
}

/**
 * POST /user/update-user: names, contact, classifications (a FacilityAdmin's edit keeps the user's other
 * facilities: facilitiesAfterUpdate) and session timeout. A new email or phone is taken
 * as verified (the administrator vouches) and ends the user's sessions, since they sign in with it; any other
 * change reaches their open apps as UserUpdated.
 */
export async function updateUser(
  deps: Pick<AdminDeps, 'db' | 'publish' | 'disconnectSessions'>,
  actor: AuthContext,
  u: TUpdateUser,
  ctx: Ctx,
): Promise<TUser> {
  await assertClassifications(deps, u);
  await assertEmailFree(deps.db, u.email, u.id);
  const outcome = await withEmailRace(deps.db, u.email, u.id, () =>
    deps.db.transaction().execute(async (trx) => {
      await assertManages(trx, actor, u.id);
      const facilityId = await facilitiesAfterUpdate(trx, actor, u.id, u.facilityId);
      const before = (await readUser(trx, u.id))!;
      const { emailChanged, phoneChanged } = contactChanges(before, u);
      await updateIdentity(trx, u.id, {
        first_name: u.firstName,
        last_name: u.lastName,
        email: u.email,
        phone: u.phone,
        phone_country_code: u.phoneCountryCode,
        phone_country_name: u.phoneCountryName ?? before.phone_country_name,
        profession_id: u.professionId[0] ?? null,
        suffix_id: u.suffixId[0] ?? null,
        session_timeout: u.sessionTimeout,
        ...(emailChanged ? { email_verified: 1, unverified_email: null } : {}),
        ...(phoneChanged
          ? {
              phone_verified: 1,
              unverified_phone: null,
              unverified_phone_country_code: null,
              unverified_phone_country_name: null,
            }
          : {}),
      });
      await replaceLinks(trx, u.id, { ...u, facilityId });
      await bumpDirectory(trx, u.id);
      const contactChanged = emailChanged || phoneChanged;
      const ended = contactChanged ? await revokeSessions(trx, { userId: u.id, reason: 'accountChanged' }) : [];
      await writeAudit(trx, {
        userId: u.id,
        event: 'user updated',
        ip: ctx.ip,
        details: {
          by: actor.userId,
          ...(emailChanged ? { emailFrom: before.email, emailTo: u.email } : {}),
          ...(phoneChanged ? { phoneChanged: true } : {}),
        },
      });
      await ctx.within?.(trx, u.id);
      return { ended, contactChanged };
    }),
  );
  const user = await userReply(deps.db, u.id);
  if (outcome.contactChanged) endSessionsForChange(deps, u.id, outcome.ended);
  else deps.publish(SERVER_EVENTS.UserUpdated, { user }, { users: [u.id] });
  await publishLogsChanged(deps);
  return user;
}

/**
 * POST /user/reset-password (docs/decisions.md "Password reset by an administrator"): the administrator sets
 * the password; every session of the user ends. An Admin may reset anyone's, a FacilityAdmin only the users
 * they manage (never an Admin: users.policy).
 */
export async function resetUserPassword(
  deps: Pick<AdminDeps, 'db' | 'publish' | 'disconnectSessions'>,
  actor: AuthContext,
  o: z.output<typeof ZAdminResetPasswordRequest>,
  ctx: Ctx,
): Promise<void> {
  await assertManages(deps.db, actor, o.id);
  const hash = await hashPassword(o.newPassword);
  const ended = await deps.db.transaction().execute(async (trx) => {
    await assertManages(trx, actor, o.id);
    await setPassword(trx, o.id, hash);
    const ids = await revokeSessions(trx, { userId: o.id, reason: 'passwordReset' });
    await writeAudit(trx, { userId: o.id, event: 'password set by admin', ip: ctx.ip, details: { by: actor.userId } });
    return ids;
  });
  const owner = await userColumns(deps.db, o.id, ['email']);
  if (owner) await clearAccountFailures(deps.db, owner.email);
  endSessionsForChange(deps, o.id, ended);
  await publishLogsChanged(deps);
}
