import { describe, expect, it } from 'vitest';
import { readConfirmState } from './confirm-state';

describe('confirm screen state', () => {
  it('needs a temporary token (the SMS step without one goes to login)', () => {
    expect(readConfirmState(null)).toBeNull();
    expect(readConfirmState({ email: 'a@b.co' })).toBeNull();
    expect(readConfirmState({ tempToken: '' })).toBeNull();
  });

  it('keeps the known fields only', () => {
    expect(readConfirmState({ tempToken: 't', email: 'a@b.co', phone: '555', extra: 1, phoneCountryCode: 7 })).toEqual({
      tempToken: 't',
      email: 'a@b.co',
      phone: '555',
      phoneCountryCode: undefined,
      phoneCountryName: undefined,
    });
  });
});
