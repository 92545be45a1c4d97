import { AppError } from '../../lib/errors';
import { readSetting } from '../settings/settings.service';
import type { UserRow } from '../users/users.store';
import type { AuthDeps } from './auth-context';

/**
 * What any way in but single sign-on asks of the account itself (a password, a passkey): active, and not
 * kept to SSO (issue 26: then only the break-glass local Admin signs in otherwise).
 */
export async function assertMaySignIn(deps: Pick<AuthDeps, 'db' | 'config'>, user: UserRow): Promise<void> {
  if (user.active !== 1) throw new AppError(403, 'ACCOUNT_INACTIVE', 'accountInactive');
  if (deps.config.OIDC_ISSUER && (await readSetting(deps.db, 'ssoOnly')) && !isBreakGlass(deps.config, user))
    throw new AppError(403, 'SSO_REQUIRED', 'ssoRequired');
}

/** The one local Admin who still signs in with a password when single sign-on is the only way in. */
function isBreakGlass(config: Pick<AuthDeps['config'], 'OIDC_BREAK_GLASS_EMAIL' | 'ADMIN_EMAIL'>, user: UserRow) {
  const email = config.OIDC_BREAK_GLASS_EMAIL ?? config.ADMIN_EMAIL;
  return user.role === 'Admin' && email !== undefined && user.email.toLowerCase() === email.toLowerCase();
}
