import { describe, expect, it } from 'vitest';
import { validateEmail, validateLogin } from './validation';

describe('login validation (spec doc 1 section 5)', () => {
  it('requires the email and checks its form', () => {
    expect(validateEmail('')).toBe('Required');
    expect(validateEmail('   ')).toBe('Required');
    expect(validateEmail('nurse@')).toBe('invalid_email');
    expect(validateEmail('nurse@ward')).toBe('invalid_email');
    expect(validateEmail(' nurse@hospital.org ')).toBeUndefined();
  });

  it('requires the password', () => {
    expect(validateLogin({ email: 'a@b.co', password: '', remember: false })).toEqual({ password: 'Required' });
    expect(validateLogin({ email: 'a@b.co', password: 'x', remember: true })).toEqual({});
  });
});
