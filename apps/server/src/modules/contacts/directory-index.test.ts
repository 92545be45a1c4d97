import { describe, expect, it } from 'vitest';
import { buildIndex, candidates } from './directory-index';

const entries = [
  { searchKey: 'amelia broussard broussard amelia a@x.org', classifications: ['f1', 'd1', 'p1'] },
  { searchKey: 'hugo landry landry hugo h@x.org', classifications: ['f1', 'f2', 'd2', 'p2'] },
  { searchKey: 'lea hebert hebert lea l@x.org', classifications: ['f2', 'd1', 'p1'] },
];
const index = buildIndex(entries);

describe('directory index', () => {
  it('matches any id within a kind and every kind', () => {
    expect([...candidates(index, { groups: [['f1', 'f2']], terms: [] })!]).toEqual([0, 1, 2]);
    expect([...candidates(index, { groups: [['f1', 'f2'], ['d1']], terms: [] })!]).toEqual([0, 2]);
    expect([...candidates(index, { groups: [['f2'], ['p1']], terms: [] })!]).toEqual([2]);
    expect([...candidates(index, { groups: [['unknown']], terms: [] })!]).toEqual([]);
  });

  it('narrows by the trigrams of each term and leaves short terms to the caller', () => {
    expect([...candidates(index, { groups: [], terms: ['landr'] })!]).toEqual([1]);
    expect([...candidates(index, { groups: [['d1']], terms: ['heb'] })!]).toEqual([2]);
    expect(candidates(index, { groups: [], terms: ['la'] })).toBeNull();
    expect(candidates(index, { groups: [], terms: [] })).toBeNull();
  });
});
