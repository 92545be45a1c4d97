import { toLanguage } from '@rounds/contracts/common';
import { describe, expect, it } from 'vitest';

// Spec doc 1 section 9: languages en (default) and fr, anything other than fr is treated as en.
describe('toLanguage', () => {
  it.each([
    ['fr', 'fr'],
    ['FR', 'fr'],
    ['fr-CA', 'fr'],
    ['fr_FR', 'fr'],
    ['en', 'en'],
    ['en-US', 'en'],
    ['de', 'en'],
    ['es-FR', 'en'],
    ['', 'en'],
  ])('%j -> %s', (input, expected) => {
    expect(toLanguage(input)).toBe(expected);
  });

  it('treats a missing value as English', () => {
    expect(toLanguage(null)).toBe('en');
    expect(toLanguage(undefined)).toBe('en');
  });
});
