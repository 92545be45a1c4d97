import { bindDeps } from '../../lib/bind-deps';
import type { AuthDeps } from './auth-context';
import { changeEmailUnverified, changePhoneUnverified } from './auth-fix-unverified-contact';
import { login } from './auth-login';
import { logout } from './auth-logout';
import { completeSignIn, openSession } from './auth-open-session';
import { forgotPassword, resetPassword } from './auth-password-reset';
import { refresh } from './auth-refresh';
import { register } from './auth-register';
import { resendEmail, resendPhone } from './auth-resend-code';
import { assertMaySignIn } from './auth-sign-in-rules';
import { verifyEmail, verifyPhone } from './auth-verify-contact';

/**
 * Signing in and out, registering and its code steps, password reset: one file per action (auth-*.ts), each
 * taking the narrow AuthDeps; this object binds them, so callers reach each by name (app.auth.login(...)).
 */
export function createAuthService(deps: AuthDeps) {
  return bindDeps(deps, {
    login,
    register,
    verifyEmail,
    verifyPhone,
    resendEmail,
    resendPhone,
    changeEmailUnverified,
    changePhoneUnverified,
    refresh,
    logout,
    forgotPassword,
    resetPassword,
    /** Single sign-on's session, written with the provider's (identity/sso). */
    openSession,
    /** After a second factor (identity/mfa routes). */
    completeSignIn,
    /** Before a passkey sign-in (identity/passkeys). */
    assertMaySignIn,
  });
}

export type AuthService = ReturnType<typeof createAuthService>;
