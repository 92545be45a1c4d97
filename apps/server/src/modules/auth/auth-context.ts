import type { TLanguage } from '@rounds/contracts/common';
import type { TUser } from '@rounds/contracts/user';
import type { Server } from 'socket.io';
import type { Config } from '../../config';
import type { Db } from '../../db/database';
import { AppError } from '../../lib/errors';
import { verifyTempToken } from '../../lib/tokens';
import type { Publish } from '../../realtime/publish';
import type { Notifier } from '../notify/notify.service';
import type { Classifications } from '../reference/reference.service';
import { readSetting } from '../settings/settings.service';
import { loadUserDto } from '../users/user-view';
import { findUser, type UserRow } from '../users/users.store';
import type { Captcha } from './captcha.service';

/** What signing in, registering and the code steps use (app.ts builds it; each action file takes it). */
export type AuthDeps = {
  db: Db;
  /** Sessions that end are disconnected at once (realtime/publish disconnectSessions). */
  io: Server;
  publish: Publish;
  notifier: Pick<Notifier, 'email' | 'sms'>;
  captcha: Pick<Captcha, 'verify'>;
  /**
   * After a right password: null when it is enough, else the refusal carrying the second factor's challenge
   * (identity/mfa.service secondStep, which sits above auth).
   */
  secondStep: (user: UserRow, remember: boolean) => Promise<AppError | null>;
  /** The identity provider's end-session URL of an SSO session (identity/sso.service), if any. */
  ssoEndSessionUrl: (sessionId: string) => Promise<string | undefined>;
  config: Pick<
    Config,
    | 'JWT_SECRET'
    | 'ACCESS_TOKEN_TTL'
    | 'SINGLE_SESSION'
    | 'CODE_SENDS_PER_IP'
    | 'OIDC_ISSUER'
    | 'OIDC_BREAK_GLASS_EMAIL'
    | 'ADMIN_EMAIL'
  >;
  /** Registration's classifications must exist (reference data). */
  assertClassifications: (c: Classifications) => Promise<void>;
  /** Signing out everywhere leaves every call the user is in (modules/calls). */
  leaveCalls: (userId: string) => Promise<void>;
};

export type Ctx = { ip: string | null; userAgent: string | null; lang: TLanguage };
export type SessionResult = { token: string; refreshToken: string; refreshExpiresAt: number; remember: boolean };

export async function userDto(db: Db, userId: string): Promise<TUser> {
  return (await loadUserDto(db, userId, await readSetting(db, 'sessionTimeout')))!;
}

/** The account a confirm screen's temporary token names: 401 when the token is missing, bad or stale. */
export async function userFromTempToken(
  deps: Pick<AuthDeps, 'db' | 'config'>,
  tempToken: string | undefined,
): Promise<UserRow> {
  const userId = tempToken ? await verifyTempToken(deps.config.JWT_SECRET, tempToken) : null;
  const user = userId ? await findUser(deps.db, { id: userId }) : undefined;
  if (!user) throw new AppError(401, 'INVALID_TOKEN', 'invalidTempToken');
  return user;
}

export function emailTarget(user: UserRow): string {
  return user.unverified_email ?? user.email;
}
export function phoneTarget(user: UserRow): string | null {
  const phone = user.unverified_phone ?? user.phone;
  const code = user.unverified_phone ? user.unverified_phone_country_code : user.phone_country_code;
  return phone && code ? `${code}${phone}` : null;
}
