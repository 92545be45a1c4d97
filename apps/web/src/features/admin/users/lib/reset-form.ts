import { ZAdminResetPasswordRequest } from '@rounds/contracts/admin-users';
import { confirmationError, fieldErrors, type TFieldErrors } from '../../../../lib/form-errors';

export type TResetValues = { newPassword: string; confirmPassword: string };
export const EMPTY_RESET: TResetValues = { newPassword: '', confirmPassword: '' };

/** The contract's password rules (the same schema the server checks), then the confirmation. */
export function validateReset(id: string, values: TResetValues): TFieldErrors<keyof TResetValues> {
  const result = ZAdminResetPasswordRequest.safeParse({ id, newPassword: values.newPassword });
  const errors = result.success ? {} : fieldErrors<keyof TResetValues>(result.error.issues);
  const confirm = confirmationError(values.newPassword, values.confirmPassword);
  if (confirm) errors.confirmPassword = confirm;
  return errors;
}
