import { describe, expect, it } from 'vitest';
import { buildIndex, candidates, type DirectoryIndex, insertEntry, removeEntry } from './staff-directory-index';

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

  it('updates in place to exactly the index a rebuild makes', () => {
    const plain = (i: DirectoryIndex) => ({
      size: i.size,
      byId: Object.fromEntries([...i.byId].map(([k, v]) => [k, [...v]]).sort()),
      byTrigram: Object.fromEntries([...i.byTrigram].map(([k, v]) => [k, [...v]]).sort()),
    });
    const live = buildIndex(entries);
    // Hugo leaves, then comes back renamed Zoe at the end, and a new Ana arrives first.
    removeEntry(live, entries[1]!, 1);
    const zoe = { searchKey: 'zoe landry landry zoe z@x.org', classifications: ['f2', 'd3'] };
    insertEntry(live, zoe, 2);
    const ana = { searchKey: 'ana roy roy ana r@x.org', classifications: ['f1'] };
    insertEntry(live, ana, 0);
    expect(plain(live)).toEqual(plain(buildIndex([ana, entries[0]!, entries[2]!, zoe])));
    expect([...candidates(live, { groups: [['f2']], terms: ['landr'] })!]).toEqual([3]);
  });
});
