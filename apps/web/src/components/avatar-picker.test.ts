import { describe, expect, it } from 'vitest';
import { avatarProblem } from './avatar-picker';

describe('profile picture', () => {
  it('accepts png, gif and jpeg up to 2 MB', () => {
    expect(avatarProblem({ type: 'image/png', size: 2 * 1024 * 1024 })).toBeUndefined();
    expect(avatarProblem({ type: 'image/jpeg', size: 2 * 1024 * 1024 + 1 })).toBe('size');
    expect(avatarProblem({ type: 'image/webp', size: 10 })).toBe('type');
  });
});
