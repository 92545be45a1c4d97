import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import { filtersSet, NO_FILTERS, searchable, searchQuery } from './search-filters';

describe('search filters', () => {
  it('sends whole days of the reader’s time zone, and only the filters set', () => {
    expect(searchQuery('bed 12', NO_FILTERS)).toEqual({ q: 'bed 12' });
    const q = searchQuery('sepsis', { ...NO_FILTERS, range: ['2026-11-02', '2026-11-03'], hasFile: true });
    expect(q.from).toBe(dayjs('2026-11-02').valueOf());
    expect(q.to).toBe(dayjs('2026-11-04').valueOf());
    expect(q.hasFile).toBe('true');
    expect(filtersSet({ ...NO_FILTERS, range: ['2026-11-02', null], priority: 'URGENT' })).toBe(2);
  });

  it('asks only for queries with a word to look up', () => {
    expect(searchable('a')).toBe(false);
    expect(searchable('4')).toBe(true);
    expect(searchable('iv')).toBe(true);
  });
});
