import { describe, expect, it } from 'vitest';
import { canResend, isCompleteCode, secondsLeft } from './countdown';

describe('resend countdown (spec doc 1 section 4)', () => {
  const start = 1_000_000;

  it('starts at the total and ticks down each whole second', () => {
    expect(secondsLeft(start, start, 10)).toBe(10);
    expect(secondsLeft(start, start + 999, 10)).toBe(10);
    expect(secondsLeft(start, start + 1_000, 10)).toBe(9);
    expect(secondsLeft(start, start + 9_999, 10)).toBe(1);
    expect(secondsLeft(start, start + 10_000, 10)).toBe(0);
  });

  it('never goes below zero, and a clock set back does not add time', () => {
    expect(secondsLeft(start, start + 60_000, 10)).toBe(0);
    expect(secondsLeft(start, start - 5_000, 10)).toBe(10);
  });

  it('offers Resend only at zero and only for a channel not yet verified', () => {
    expect(canResend(3, false)).toBe(false);
    expect(canResend(0, false)).toBe(true);
    expect(canResend(0, true)).toBe(false);
  });
});

describe('verification code', () => {
  it('needs exactly six digits', () => {
    expect(isCompleteCode('123456')).toBe(true);
    expect(isCompleteCode('12345')).toBe(false);
    expect(isCompleteCode('1234567')).toBe(false);
    expect(isCompleteCode('12a456')).toBe(false);
    expect(isCompleteCode('')).toBe(false);
  });
});
