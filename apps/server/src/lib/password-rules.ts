import { LIMITS } from '@rounds/contracts/limits';

/** The spec's password rules (doc 1 section 5): at least 6, one uppercase, one lowercase, one digit. */
export function passwordProblem(password: string): string | null {
  if (password.length < LIMITS.passwordMinLength) return 'Password must be at least 6 characters long';
  if (password.length > LIMITS.passwordMaxLength) return 'Password must be at most 256 characters long';
  if (!/[A-Z]/.test(password)) return 'Password must contain an uppercase letter';
  if (!/[a-z]/.test(password)) return 'Password must contain a lowercase letter';
  if (!/[0-9]/.test(password)) return 'Password must contain a number';
  return null;
}
