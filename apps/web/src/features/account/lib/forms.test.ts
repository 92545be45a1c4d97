import type { TUser } from '@rounds/contracts/user';
import { describe, expect, it } from 'vitest';
import {
  contactChanged,
  contactValues,
  profileRequest,
  profileValues,
  validateContact,
  validatePasswordChange,
  validateProfile,
} from './forms';

const ID = (c: string) => c.repeat(24);
const user = {
  id: ID('f'),
  firstName: 'Ann',
  lastName: 'Lee',
  email: 'ann@hospital.org',
  phone: '5551234567',
  phoneCountryCode: '+1',
  phoneCountryName: 'United States',
  sessionTimeout: 60,
  isDefaultSessionTimeout: true,
  facilityId: [ID('a')],
  departmentId: [ID('b')],
  professionId: [ID('c')],
  specialtyId: [ID('d')],
  suffixId: [],
} as unknown as TUser;

describe('change password (spec doc 2 section 5)', () => {
  it('requires the current password and checks the new one and its confirmation', () => {
    expect(validatePasswordChange({ currentPassword: '', newPassword: 'abc', confirmPassword: 'abd' })).toEqual({
      currentPassword: 'Required',
      newPassword: 'auth.err_pass_lent',
      confirmPassword: 'auth.mismatch',
    });
    expect(
      validatePasswordChange({ currentPassword: 'x', newPassword: 'Secret12', confirmPassword: 'Secret12' }),
    ).toEqual({});
  });
});

describe('personal and professional information (spec doc 1 section 5)', () => {
  it('starts from the user, with an empty timeout when the default applies', () => {
    expect(profileValues(user)).toMatchObject({ sessionTimeout: '', professionId: ID('c'), suffixId: null });
    expect(profileValues({ ...user, isDefaultSessionTimeout: false, sessionTimeout: 15 }).sessionTimeout).toBe('15');
  });

  it('requires trimmed names and the lists; suffix is optional; the timeout is at least 1', () => {
    const values = profileValues(user);
    expect(validateProfile(values)).toEqual({});
    expect(validateProfile({ ...values, firstName: '  ', facilityId: [], professionId: null })).toEqual({
      firstName: 'Required',
      facilityId: 'Required',
      professionId: 'Required',
    });
    expect(validateProfile({ ...values, sessionTimeout: '0' })).toEqual({ sessionTimeout: 'auth.min_value_is_1' });
    expect(validateProfile({ ...values, sessionTimeout: '5' })).toEqual({});
  });

  it('sends single choices as lists and the timeout as typed', () => {
    expect(profileRequest({ ...profileValues(user), sessionTimeout: '' })).toMatchObject({
      professionId: [ID('c')],
      suffixId: [],
      sessionTimeout: '',
    });
  });
});

describe('phone and email', () => {
  it('enables Update only after a change', () => {
    const values = contactValues(user);
    expect(contactChanged(user, values)).toBe(false);
    expect(contactChanged(user, { ...values, email: ' ANN@hospital.org ' })).toBe(false);
    expect(contactChanged(user, { ...values, phone: '5550000000' })).toBe(true);
    expect(contactChanged(user, { ...values, phoneCountryCode: '+7', phoneCountryName: 'Russia' })).toBe(true);
  });

  it('validates the email and the digits-only phone', () => {
    expect(validateContact({ ...contactValues(user), email: 'x@', phone: '12-3' })).toEqual({
      email: 'invalid_email',
      phone: 'auth.err_phone_format',
    });
  });
});
