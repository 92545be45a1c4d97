import { AUTH_CODES } from '@rounds/contracts/auth-codes';
import { ApiError } from '../../../lib/api-client';
import { i18n } from '../../../lib/i18n';
import { showToast } from '../../../lib/toast';

/**
 * After a failed code check or resend (the error toast is already shown by the api-client): how many tries
 * remain after a wrong code, and back to login when the temporary token has expired.
 */
export function followUpCodeError(error: unknown, onExpired: () => void): void {
  if (!(error instanceof ApiError)) return;
  if (error.code === AUTH_CODES.invalidToken) {
    onExpired();
    return;
  }
  const left = error.number('attemptLeft');
  if (error.code === AUTH_CODES.invalidCode && left !== undefined) {
    showToast(i18n.t('auth.attemptsLeft', { count: left }), 'info');
  }
}
