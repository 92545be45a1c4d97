import { ZCreateUserRequest, ZUpdateUserRequest } from '@rounds/contracts/admin-users';
import type { TRole } from '@rounds/contracts/common';
import type { TUser } from '@rounds/contracts/user';
import { fieldErrors, type TFieldErrors } from '../../../../lib/form-errors';
import { classificationValues, EMPTY_PERSON, personRequest, type TPersonFields } from '../../../../lib/person-fields';

/** The admin profile form (doc 2 sections 2 and 5), checked with the server's own schemas. */
export type TUserFormValues = TPersonFields & {
  /** Digits as typed; '' means the default timeout. */
  sessionTimeout: string;
  /** Set on create only; later through the table's role select. */
  role: TRole;
};

export type TUserFormField = keyof TUserFormValues;

export const EMPTY_USER_FORM: TUserFormValues = { ...EMPTY_PERSON, sessionTimeout: '', role: 'Regular' };

export function userFormValues(user: TUser): TUserFormValues {
  return {
    firstName: user.firstName,
    lastName: user.lastName,
    email: user.email,
    phoneCountryCode: user.phoneCountryCode ?? EMPTY_PERSON.phoneCountryCode,
    phoneCountryName: user.phoneCountryName ?? EMPTY_PERSON.phoneCountryName,
    phone: user.phone ?? '',
    ...classificationValues(user),
    sessionTimeout: user.isDefaultSessionTimeout || user.sessionTimeout == null ? '' : String(user.sessionTimeout),
    role: user.role,
  };
}

function fields(values: TUserFormValues) {
  return { ...personRequest(values), sessionTimeout: values.sessionTimeout };
}

export function createRequest(values: TUserFormValues) {
  return { ...fields(values), role: values.role };
}

export function updateRequest(id: string, values: TUserFormValues) {
  return { ...fields(values), id };
}

/** The same zod schema the server validates with: one set of rules, one set of messages. */
export function validateUserForm(values: TUserFormValues, id: string | undefined): TFieldErrors<TUserFormField> {
  const result = id
    ? ZUpdateUserRequest.safeParse(updateRequest(id, values))
    : ZCreateUserRequest.safeParse(createRequest(values));
  return result.success ? {} : fieldErrors<TUserFormField>(result.error.issues);
}

export function sameUserForm(a: TUserFormValues, b: TUserFormValues): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

const FORM_FIELDS: readonly TUserFormField[] = Object.keys(EMPTY_USER_FORM) as TUserFormField[];

/**
 * A server refusal shown at its field: a 400 names the field first ('body.email: …' or 'email: …'), and a
 * 409 on a taken email or phone carries a code naming it. Undefined when the error belongs to no field.
 */
export function serverFieldError(error: {
  status: number;
  code: string;
  message: string;
}): TFieldErrors<TUserFormField> | undefined {
  const named = /^(?:body\.)?([A-Za-z]+)(?:\.\d+)?:\s*(.+)$/s.exec(error.message);
  if (error.status === 400 && named) {
    const [, field, text] = named;
    if ((FORM_FIELDS as readonly string[]).includes(field ?? '')) return { [field as TUserFormField]: text };
  }
  if (error.status === 409) {
    if (/EMAIL/i.test(error.code)) return { email: error.message };
    if (/PHONE/i.test(error.code)) return { phone: error.message };
  }
  return undefined;
}
