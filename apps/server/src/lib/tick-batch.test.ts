import { describe, expect, it } from 'vitest';
import { createTickBatch, padded } from './tick-batch';

describe('tick batch', () => {
  it('answers the keys asked for in one turn with one load, each key once, and reads afresh the next turn', async () => {
    const loads: number[][] = [];
    let stored = 10;
    const get = createTickBatch(async (keys: number[]) => {
      loads.push(keys);
      return new Map(keys.filter((k) => k !== 3).map((k) => [k, k * stored]));
    });
    expect(await Promise.all([get(1), get(2), get(1), get(3)])).toEqual([10, 20, 10, undefined]);
    // Padded to a power of two (the last key again): a few statement texts for any number of keys.
    expect(loads).toEqual([[1, 2, 3, 3]]);
    stored = 100;
    expect(await get(1)).toBe(100);
    expect(loads).toEqual([[1, 2, 3, 3], [1]]);
  });

  it('splits a large turn into loads of at most `chunk` keys, and rejects every waiter when a load fails', async () => {
    const loads: number[][] = [];
    const get = createTickBatch(async (keys: number[]) => {
      loads.push(keys);
      return new Map(keys.map((k) => [k, k]));
    }, 2);
    expect(await Promise.all([get(1), get(2), get(3)])).toEqual([1, 2, 3]);
    expect(loads).toEqual([[1, 2], [3]]);

    const failing = createTickBatch(async (_: number[]): Promise<Map<number, number>> => {
      throw new Error('database gone');
    });
    const outcomes = await Promise.allSettled([failing(1), failing(2)]);
    expect(outcomes.map((o) => o.status)).toEqual(['rejected', 'rejected']);
  });

  it('pads a list to the next power of two with its last item', () => {
    expect(padded([])).toEqual([]);
    expect(padded(['a'])).toEqual(['a']);
    expect(padded(['a', 'b', 'c'])).toEqual(['a', 'b', 'c', 'c']);
    expect(padded(Array.from({ length: 129 }, (_, i) => i))).toHaveLength(256);
  });
});
