import {
  type TRegisterRequest,
  ZChangeEmailRequest,
  ZForgotPasswordRequest,
  ZRegisterRequest,
} from '@rounds/contracts/auth';
import { LIMITS } from '@rounds/contracts/limits';
import { MSG, ZPhoneDigits, ZResetPasswordClient } from '@rounds/contracts/validation';
import { confirmationError, fieldErrors, type TFieldErrors } from '../../../lib/form-errors';
import { personRequest, type TPersonFields } from '../../../lib/person-fields';

/**
 * The signed-out forms' rules, taken from the contracts (spec doc 1 section 5) so the browser and the
 * server say the same thing. Only the lazily loaded screens import this file: it brings zod along.
 */

export type TRegisterValues = TPersonFields & { password: string; confirmPassword: string };

export type TRegisterField = keyof TRegisterValues;

export function registerRequest(values: TRegisterValues, captchaResponse: string): TRegisterRequest {
  return { ...personRequest(values), password: values.password, captchaResponse };
}

/** Field errors of the register form; the captcha and the EULA are checked separately (not fields). */
export function validateRegister(values: TRegisterValues): TFieldErrors<TRegisterField> {
  // A placeholder captcha so its own rule does not report here.
  const result = ZRegisterRequest.safeParse(registerRequest(values, 'pending'));
  const errors = result.success ? {} : fieldErrors<TRegisterField>(result.error.issues);
  const confirm = confirmationError(values.password, values.confirmPassword);
  if (confirm) errors.confirmPassword = confirm;
  return errors;
}

export function validateForgot(email: string): string | undefined {
  const result = ZForgotPasswordRequest.safeParse({ username: email });
  return result.success ? undefined : result.error.issues[0]?.message;
}

export type TResetValues = { code: string; password: string; confirmPassword: string };
export type TResetField = keyof TResetValues;

/** Reset: the code unless a token came in the URL; the reset screen's password rule (no lowercase check). */
export function validateReset(values: TResetValues, withCode: boolean): TFieldErrors<TResetField> {
  const errors: TFieldErrors<TResetField> = {};
  if (withCode && !values.code.trim()) errors.code = MSG.required;
  const password = ZResetPasswordClient.safeParse(values.password);
  if (!password.success) errors.password = password.error.issues[0]?.message;
  const confirm = confirmationError(values.password, values.confirmPassword);
  if (confirm) errors.confirmPassword = confirm;
  return errors;
}

export function validateNewEmail(email: string): string | undefined {
  const result = ZChangeEmailRequest.shape.email.safeParse(email);
  return result.success ? undefined : result.error.issues[0]?.message;
}

export function validatePhone(phone: string): string | undefined {
  const result = ZPhoneDigits.safeParse(phone);
  return result.success ? undefined : result.error.issues[0]?.message;
}

/** Digits only, as typed: the phone inputs drop anything else (spec: digits-only number). */
export function digitsOnly(value: string, max = 20): string {
  return value.replace(/\D+/g, '').slice(0, max);
}

export const TEXT_MAX = LIMITS.textMaxLength;
