import { describe, expect, it } from 'vitest';
import { isPickable } from './people';

describe('who can be picked', () => {
  it('only people who have signed in at least once', () => {
    expect(isPickable({ lastLoginDate: 1_700_000_000_000 })).toBe(true);
    expect(isPickable({ lastLoginDate: 0 })).toBe(true);
    expect(isPickable({ lastLoginDate: null })).toBe(false);
  });
});
