import { LIMITS } from '@rounds/contracts/limits';
import { describe, expect, it } from 'vitest';
import { canSubmit, memberIds, nameTooLong, needsName } from './group-form';

describe('group form', () => {
  const ready = { mode: 'create' as const, name: 'ICU night shift', selectedCount: 2, processing: false };

  it('is ready with a name, people and nothing in flight', () => {
    expect(canSubmit(ready)).toBe(true);
    expect(canSubmit({ ...ready, mode: 'edit' })).toBe(true);
  });

  it('needs a trimmed non-empty name to create or save', () => {
    expect(canSubmit({ ...ready, name: '' })).toBe(false);
    expect(canSubmit({ ...ready, name: '   ' })).toBe(false);
    expect(canSubmit({ ...ready, mode: 'edit', name: ' \t' })).toBe(false);
  });

  it('needs at least one person, and nothing in flight', () => {
    expect(canSubmit({ ...ready, selectedCount: 0 })).toBe(false);
    expect(canSubmit({ ...ready, processing: true })).toBe(false);
  });

  it('refuses a name over 100 characters, counted after trimming', () => {
    const longest = 'x'.repeat(LIMITS.groupNameMax);
    expect(nameTooLong(longest)).toBe(false);
    expect(nameTooLong(`  ${longest}  `)).toBe(false);
    expect(nameTooLong(`${longest}y`)).toBe(true);
    expect(canSubmit({ ...ready, name: `${longest}y` })).toBe(false);
  });

  it('asks no name when only adding people', () => {
    expect(needsName('extend')).toBe(false);
    expect(canSubmit({ ...ready, mode: 'extend', name: '' })).toBe(true);
    expect(canSubmit({ ...ready, mode: 'extend', name: '', selectedCount: 0 })).toBe(false);
  });

  it('sends the full member list with the current user once', () => {
    expect(memberIds(['a', 'b'], 'me')).toEqual(['a', 'b', 'me']);
    expect(memberIds(['me', 'a'], 'me')).toEqual(['me', 'a']);
  });
});
