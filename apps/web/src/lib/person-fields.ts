import { CALLING_CODES } from '@rounds/contracts/settings';
import type { TUser } from '@rounds/contracts/user';
import type { TClassificationValues } from '../components/classification-fields';

/**
 * The person fields the registration form and an administrator's user form share (doc 1 section 5, doc 2
 * section 5): names, email, phone with its calling code, and the four classifications (clinical role and
 * suffix hold one value each).
 */
export type TPersonFields = {
  firstName: string;
  lastName: string;
  email: string;
  phoneCountryCode: string;
  phoneCountryName: string;
  phone: string;
  facilityId: string[];
  departmentId: string[];
  professionId: string | null;
  specialtyId: string[];
  suffixId: string | null;
};

/** An empty person, with the default calling code ('(+1) - United States'). */
export const EMPTY_PERSON: TPersonFields = {
  firstName: '',
  lastName: '',
  email: '',
  phoneCountryCode: CALLING_CODES[0].code,
  phoneCountryName: CALLING_CODES[0].country,
  phone: '',
  facilityId: [],
  departmentId: [],
  professionId: null,
  specialtyId: [],
  suffixId: null,
};

/** A user's classifications as the fields hold them: the single clinical role and suffix as one id or none. */
export function classificationValues(user: TUser): TClassificationValues {
  return {
    facilityId: user.facilityId,
    departmentId: user.departmentId,
    professionId: user.professionId[0] ?? null,
    specialtyId: user.specialtyId,
    suffixId: user.suffixId[0] ?? null,
  };
}

/** The classifications as requests carry them: the single clinical role and suffix as lists of at most one id. */
export function classificationRequest(values: TClassificationValues) {
  return {
    facilityId: values.facilityId,
    departmentId: values.departmentId,
    professionId: values.professionId ? [values.professionId] : [],
    specialtyId: values.specialtyId,
    suffixId: values.suffixId ? [values.suffixId] : [],
  };
}

/** The fields as requests carry them. */
export function personRequest(values: TPersonFields) {
  return {
    firstName: values.firstName,
    lastName: values.lastName,
    email: values.email,
    phone: values.phone,
    phoneCountryCode: values.phoneCountryCode,
    phoneCountryName: values.phoneCountryName,
    ...classificationRequest(values),
  };
}
