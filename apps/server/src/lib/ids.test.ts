import { describe, expect, it, vi } from 'vitest';
import { newId } from './ids';

describe('newId', () => {
  it('is 24 lowercase hex characters', () => {
    for (let i = 0; i < 100; i++) expect(newId()).toMatch(/^[0-9a-f]{24}$/);
  });

  it('is time-ordered and unique, even within one millisecond', () => {
    const ids = Array.from({ length: 10_000 }, () => newId());
    expect(new Set(ids).size).toBe(ids.length);
    expect([...ids].sort()).toEqual(ids);
  });

  it('carries its creation time', async () => {
    // A fresh module, as in a new process: the suite's files share a worker's modules, and one that set the clock
    // ahead (fake timers) leaves ids carrying that later time, as a clock stepped back does (they stay ordered).
    vi.resetModules();
    const fresh = await import('./ids');
    const before = Date.now();
    const id = fresh.newId();
    expect(fresh.idTime(id)).toBeGreaterThanOrEqual(before);
    expect(fresh.idTime(id)).toBeLessThanOrEqual(Date.now() + 1);
  });
});
