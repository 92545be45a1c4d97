import { ZChangePasswordRequest, ZPhoneEmailUpdateRequest, ZUpdateAccountRequest } from '@rounds/contracts/account';
import type { TUser } from '@rounds/contracts/user';
import { confirmationError, fieldErrors, type TFieldErrors } from '../../../lib/form-errors';
import { classificationRequest, classificationValues } from '../../../lib/person-fields';

/** The Account tab's rules (spec doc 1 section 5 and doc 2 section 5), from the route contracts. */

export type TPasswordValues = { currentPassword: string; newPassword: string; confirmPassword: string };

export function validatePasswordChange(values: TPasswordValues): TFieldErrors<keyof TPasswordValues> {
  const result = ZChangePasswordRequest.safeParse(values);
  const errors = result.success ? {} : fieldErrors<keyof TPasswordValues>(result.error.issues);
  const confirm = confirmationError(values.newPassword, values.confirmPassword);
  if (confirm) errors.confirmPassword = confirm;
  return errors;
}

export type TProfileValues = {
  firstName: string;
  lastName: string;
  /** Digits as typed; '' means the default timeout. */
  sessionTimeout: string;
  facilityId: string[];
  departmentId: string[];
  professionId: string | null;
  specialtyId: string[];
  suffixId: string | null;
};

export function profileValues(user: TUser): TProfileValues {
  return {
    firstName: user.firstName,
    lastName: user.lastName,
    sessionTimeout: user.isDefaultSessionTimeout || user.sessionTimeout == null ? '' : String(user.sessionTimeout),
    ...classificationValues(user),
  };
}

export function profileRequest(values: TProfileValues) {
  return {
    firstName: values.firstName,
    lastName: values.lastName,
    ...classificationRequest(values),
    sessionTimeout: values.sessionTimeout,
  };
}

export function validateProfile(values: TProfileValues): TFieldErrors<keyof TProfileValues> {
  const result = ZUpdateAccountRequest.safeParse(profileRequest(values));
  return result.success ? {} : fieldErrors<keyof TProfileValues>(result.error.issues);
}

export function sameProfile(a: TProfileValues, b: TProfileValues): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

export type TContactValues = { email: string; phoneCountryCode: string; phoneCountryName: string; phone: string };

export function contactValues(user: TUser): TContactValues {
  return {
    email: user.email,
    phoneCountryCode: user.phoneCountryCode ?? '+1',
    phoneCountryName: user.phoneCountryName ?? 'United States',
    phone: user.phone ?? '',
  };
}

/** Update is enabled only after a change (spec doc 1 section 4). */
export function contactChanged(user: TUser, values: TContactValues): boolean {
  const current = contactValues(user);
  return (
    values.email.trim().toLowerCase() !== current.email.toLowerCase() ||
    values.phone !== current.phone ||
    values.phoneCountryCode !== current.phoneCountryCode
  );
}

export function validateContact(values: TContactValues): TFieldErrors<keyof TContactValues> {
  const result = ZPhoneEmailUpdateRequest.safeParse(values);
  return result.success ? {} : fieldErrors<keyof TContactValues>(result.error.issues);
}
