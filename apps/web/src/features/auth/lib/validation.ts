/**
 * Client-side form rules of spec doc 1 section 5. Validators return translation keys (the spec's form
 * error keys), never texts, so the same rule reads right in English and French.
 */

/** The usual "something@something.tld" check; the server has the final word. */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export type TFormErrorKey = 'Required' | 'invalid_email';

export function validateEmail(value: string): TFormErrorKey | undefined {
  const email = value.trim();
  if (!email) return 'Required';
  if (!EMAIL_PATTERN.test(email)) return 'invalid_email';
  return undefined;
}

export function validateRequired(value: string): TFormErrorKey | undefined {
  return value ? undefined : 'Required';
}

export type TLoginValues = { email: string; password: string; remember: boolean };
export type TLoginErrors = Partial<Record<'email' | 'password', TFormErrorKey>>;

export function validateLogin(values: TLoginValues): TLoginErrors {
  const errors: TLoginErrors = {};
  const email = validateEmail(values.email);
  if (email) errors.email = email;
  const password = validateRequired(values.password);
  if (password) errors.password = password;
  return errors;
}
