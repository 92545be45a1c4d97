import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createMessageCrypto } from './message-crypto';

describe('message crypto', () => {
  const crypto = createMessageCrypto(randomBytes(32).toString('base64'));

  it('opens what it sealed, with a fresh IV every time', () => {
    const a = crypto.seal('Bed 12: penicillin allergy');
    const b = crypto.seal('Bed 12: penicillin allergy');
    expect(a).not.toBe(b);
    expect(crypto.open(a)).toBe('Bed 12: penicillin allergy');
    expect(crypto.open(crypto.seal(''))).toBe('');
  });

  it('refuses a tampered value and another key', () => {
    const sealed = Buffer.from(crypto.seal('dose 5 mg'), 'base64url');
    sealed[sealed.length - 1]! ^= 1;
    expect(() => crypto.open(sealed.toString('base64url'))).toThrow();
    const other = createMessageCrypto(randomBytes(32).toString('base64'));
    expect(() => other.open(crypto.seal('dose 5 mg'))).toThrow();
    expect(() => createMessageCrypto('short')).toThrow();
  });
});
