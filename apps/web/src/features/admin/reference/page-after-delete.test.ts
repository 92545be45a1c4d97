import { describe, expect, it } from 'vitest';
import { pageAfterDelete, pageCount } from './page-after-delete';

describe('pageAfterDelete', () => {
  it('stays on the page while rows remain on it', () => {
    expect(pageAfterDelete(3, 4)).toBe(3);
    expect(pageAfterDelete(2, 2)).toBe(2);
  });

  it('steps back one page when the last row of a page goes', () => {
    expect(pageAfterDelete(3, 1)).toBe(2);
    expect(pageAfterDelete(2, 1)).toBe(1);
  });

  it('never goes before the first page', () => {
    expect(pageAfterDelete(1, 1)).toBe(1);
    expect(pageAfterDelete(0, 1, 0)).toBe(0);
    expect(pageAfterDelete(1, 1, 0)).toBe(0);
  });
});

describe('pageCount', () => {
  it('rounds up and is at least one', () => {
    expect(pageCount(0, 10)).toBe(1);
    expect(pageCount(10, 10)).toBe(1);
    expect(pageCount(11, 10)).toBe(2);
    expect(pageCount(21, 5)).toBe(5);
  });
});
