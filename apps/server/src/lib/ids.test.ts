import { describe, expect, it } from 'vitest';
import { idTime, newId } from './ids';

describe('newId', () => {
  it('is 24 lowercase hex characters', () => {
    for (let i = 0; i < 100; i++) expect(newId()).toMatch(/^[0-9a-f]{24}$/);
  });

  it('is time-ordered and unique, even within one millisecond', () => {
    const ids = Array.from({ length: 10_000 }, () => newId());
    expect(new Set(ids).size).toBe(ids.length);
    expect([...ids].sort()).toEqual(ids);
  });

  it('carries its creation time', () => {
    const before = Date.now();
    const id = newId();
    expect(idTime(id)).toBeGreaterThanOrEqual(before);
    expect(idTime(id)).toBeLessThanOrEqual(Date.now() + 1);
  });
});
