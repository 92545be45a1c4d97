import type { TPasswordUpdate } from '@rounds/contracts/settings';
import { describe, expect, it } from 'vitest';
import { isPasswordUpdateDue } from './password-policy';

const DAY = 86_400_000;
const policy = (patch: Partial<TPasswordUpdate> = {}): TPasswordUpdate => ({
  active: true,
  frequency: 90,
  period: 'day',
  lastUpdate: 0,
  changed: false,
  ...patch,
});

describe('password update policy (spec doc 2 section 2)', () => {
  it('is due once frequency x period has passed since the last update', () => {
    expect(isPasswordUpdateDue(policy(), 89 * DAY)).toBe(false);
    expect(isPasswordUpdateDue(policy(), 90 * DAY)).toBe(true);
    expect(isPasswordUpdateDue(policy({ frequency: 2, period: 'week' }), 13 * DAY)).toBe(false);
    expect(isPasswordUpdateDue(policy({ frequency: 2, period: 'week' }), 14 * DAY)).toBe(true);
    expect(isPasswordUpdateDue(policy({ frequency: 1, period: 'month' }), 30 * DAY)).toBe(true);
    expect(isPasswordUpdateDue(policy({ frequency: 1, period: 'year' }), 364 * DAY)).toBe(false);
  });

  it('counts a change made on this device since the policy date', () => {
    expect(isPasswordUpdateDue(policy(), 100 * DAY, 50 * DAY)).toBe(false);
    expect(isPasswordUpdateDue(policy(), 140 * DAY, 50 * DAY)).toBe(true);
    expect(isPasswordUpdateDue(policy({ lastUpdate: 60 * DAY }), 100 * DAY, 1 * DAY)).toBe(false);
  });

  it('is never due when inactive, without a reference date, or with no frequency', () => {
    expect(isPasswordUpdateDue(policy({ active: false }), 1_000 * DAY)).toBe(false);
    expect(isPasswordUpdateDue(policy({ lastUpdate: null }), 1_000 * DAY)).toBe(false);
    expect(isPasswordUpdateDue(policy({ frequency: 0 }), 1_000 * DAY)).toBe(false);
    expect(isPasswordUpdateDue(undefined, 1_000 * DAY)).toBe(false);
  });
});
