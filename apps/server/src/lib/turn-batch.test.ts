import { describe, expect, it } from 'vitest';
import { batchPerTurn } from './turn-batch';

describe('batchPerTurn', () => {
  it('loads the keys asked for in one turn with one call, each caller getting its own value', async () => {
    const calls: string[][] = [];
    const get = batchPerTurn(async (keys: string[]) => {
      calls.push([...keys]);
      return new Map(keys.filter((k) => k !== 'missing').map((k) => [k, k.toUpperCase()]));
    });
    const answers = await Promise.all(['a', 'b', 'a', 'c', 'missing'].map(get));
    expect(answers).toEqual(['A', 'B', 'A', 'C', undefined]);
    expect(calls).toEqual([['a', 'b', 'c', 'missing']]);
    // A later turn is a new batch.
    expect(await get('d')).toBe('D');
    expect(calls).toEqual([['a', 'b', 'c', 'missing'], ['d']]);
  });

  it('shares a load under way with a key asked for again meanwhile, and loads others on their own', async () => {
    const calls: string[][] = [];
    let release = () => {};
    const held = new Promise<void>((r) => {
      release = r;
    });
    const get = batchPerTurn(async (keys: string[]) => {
      calls.push([...keys]);
      await held;
      return new Map(keys.map((k) => [k, `${k} of ${keys.join('+')}`]));
    });
    const first = get('a');
    await new Promise((r) => setImmediate(r));
    // The load of 'a' has begun and is held: 'a' joins it, 'b' gets a batch of its own.
    const again = get('a');
    const other = get('b');
    release();
    expect(await Promise.all([first, again, other])).toEqual(['a of a', 'a of a', 'b of b']);
    expect(calls).toEqual([['a'], ['b']]);
  });

  it('rejects every key of a failed batch, and loads them afresh next time', async () => {
    let fail = true;
    const get = batchPerTurn(async (keys: string[]) => {
      if (fail) throw new Error('database down');
      return new Map(keys.map((k) => [k, 1]));
    });
    const results = await Promise.allSettled([get('a'), get('b')]);
    expect(results.map((r) => r.status)).toEqual(['rejected', 'rejected']);
    fail = false;
    expect(await get('a')).toBe(1);
  });
});
