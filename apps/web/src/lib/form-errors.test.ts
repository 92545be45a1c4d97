import { ZRegisterRequest } from '@rounds/contracts/auth';
import { describe, expect, it } from 'vitest';
import { fieldErrors, hasErrors } from './form-errors';

describe('fieldErrors', () => {
  it('keeps the first issue of each top-level field', () => {
    expect(
      fieldErrors([
        { path: ['password'], message: 'auth.err_pass_lent' },
        { path: ['password'], message: 'auth.err_pass_num' },
        { path: ['facilityId', 0], message: 'invalid id' },
        { path: [], message: 'ignored: no field' },
      ]),
    ).toEqual({ password: 'auth.err_pass_lent', facilityId: 'invalid id' });
  });

  it("maps the contract's register issues to the spec's form error keys", () => {
    const result = ZRegisterRequest.safeParse({
      email: 'nurse@',
      password: 'abcdef',
      firstName: ' ',
      lastName: 'Lee',
      phone: '555-12',
      phoneCountryCode: '+1',
      phoneCountryName: 'United States',
      facilityId: [],
      departmentId: ['a'.repeat(24)],
      professionId: 'b'.repeat(24),
      specialtyId: ['c'.repeat(24)],
      suffixId: ['d'.repeat(24)],
      captchaResponse: 'x',
    });
    expect(result.success).toBe(false);
    const errors = fieldErrors(result.error?.issues ?? []);
    expect(errors).toEqual({
      email: 'invalid_email',
      password: 'auth.err_pass_uppercase',
      firstName: 'Required',
      phone: 'auth.err_phone_format',
      facilityId: 'Required',
    });
  });

  it('tells whether any field has an error', () => {
    expect(hasErrors({})).toBe(false);
    expect(hasErrors({ a: undefined })).toBe(false);
    expect(hasErrors({ a: 'Required' })).toBe(true);
  });
});
