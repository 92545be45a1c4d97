import { describe, expect, it } from 'vitest';
import {
  digitsOnly,
  registerRequest,
  type TRegisterValues,
  validateForgot,
  validateRegister,
  validateReset,
} from './forms';

const ID = (c: string) => c.repeat(24);

const valid: TRegisterValues = {
  firstName: 'Ann',
  lastName: 'Lee',
  email: 'ann.lee@hospital.org',
  phoneCountryCode: '+1',
  phoneCountryName: 'United States',
  phone: '5551234567',
  facilityId: [ID('a')],
  departmentId: [ID('b')],
  professionId: ID('c'),
  specialtyId: [ID('d')],
  suffixId: ID('e'),
  password: 'Secret12',
  confirmPassword: 'Secret12',
};

describe('register form (spec doc 1 section 5)', () => {
  it('accepts a complete form', () => {
    expect(validateRegister(valid)).toEqual({});
  });

  it('requires every field, with the spec keys', () => {
    const errors = validateRegister({
      ...valid,
      firstName: '',
      lastName: '  ',
      email: '',
      phone: '',
      facilityId: [],
      departmentId: [],
      professionId: null,
      specialtyId: [],
      suffixId: null,
      password: '',
      confirmPassword: '',
    });
    expect(errors).toEqual({
      firstName: 'Required',
      lastName: 'Required',
      email: 'Required',
      phone: 'Required',
      facilityId: 'Required',
      departmentId: 'Required',
      professionId: 'Required',
      specialtyId: 'Required',
      suffixId: 'Required',
      password: 'Required',
      confirmPassword: 'Required',
    });
  });

  it('checks the password rules one at a time and the confirmation', () => {
    expect(validateRegister({ ...valid, password: 'Ab1', confirmPassword: 'Ab1' }).password).toBe('auth.err_pass_lent');
    expect(validateRegister({ ...valid, password: 'abcdef1', confirmPassword: 'abcdef1' }).password).toBe(
      'auth.err_pass_uppercase',
    );
    expect(validateRegister({ ...valid, password: 'ABCDEF1', confirmPassword: 'ABCDEF1' }).password).toBe(
      'auth.err_password_lower',
    );
    expect(validateRegister({ ...valid, password: 'Abcdefg', confirmPassword: 'Abcdefg' }).password).toBe(
      'auth.err_pass_num',
    );
    expect(validateRegister({ ...valid, confirmPassword: 'Secret13' }).confirmPassword).toBe('auth.mismatch');
  });

  it('wants a valid email and a digits-only phone', () => {
    expect(validateRegister({ ...valid, email: 'ann@' }).email).toBe('invalid_email');
    expect(validateRegister({ ...valid, phone: '555-123' }).phone).toBe('auth.err_phone_format');
  });

  it('sends single choices as one-id lists', () => {
    const request = registerRequest(valid, 'payload');
    expect(request.professionId).toEqual([ID('c')]);
    expect(request.suffixId).toEqual([ID('e')]);
    expect(request.captchaResponse).toBe('payload');
  });
});

describe('forgot and reset (spec doc 1 section 5)', () => {
  it('forgot wants a valid email', () => {
    expect(validateForgot('')).toBe('Required');
    expect(validateForgot('x@')).toBe('invalid_email');
    expect(validateForgot('x@y.org')).toBeUndefined();
  });

  it('reset needs the code unless a token came in the URL, and checks no lowercase', () => {
    const values = { code: '', password: 'SECRET1', confirmPassword: 'SECRET1' };
    expect(validateReset(values, true)).toEqual({ code: 'Required' });
    expect(validateReset(values, false)).toEqual({});
    expect(validateReset({ ...values, password: 'secret1', confirmPassword: 'x' }, false)).toEqual({
      password: 'auth.err_pass_uppercase',
      confirmPassword: 'auth.mismatch',
    });
  });

  it('keeps only digits in phone inputs', () => {
    expect(digitsOnly('(555) 123-4567')).toBe('5551234567');
  });
});
