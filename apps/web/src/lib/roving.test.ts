import { describe, expect, it } from 'vitest';
import { nextRovingIndex, rovingStop } from './roving';

describe('nextRovingIndex', () => {
  it('moves one item up or down and stops at the ends', () => {
    expect(nextRovingIndex('ArrowUp', 3, 5)).toBe(2);
    expect(nextRovingIndex('ArrowDown', 3, 5)).toBe(4);
    expect(nextRovingIndex('ArrowUp', 0, 5)).toBe(0);
    expect(nextRovingIndex('ArrowDown', 4, 5)).toBe(4);
  });

  it('jumps to the first and the last with Home and End', () => {
    expect(nextRovingIndex('Home', 3, 5)).toBe(0);
    expect(nextRovingIndex('End', 1, 5)).toBe(4);
  });

  it('leaves other keys and empty lists alone', () => {
    expect(nextRovingIndex('Tab', 1, 5)).toBeNull();
    expect(nextRovingIndex('a', 1, 5)).toBeNull();
    expect(nextRovingIndex('ArrowUp', -1, 0)).toBeNull();
  });

  it('enters from the container at the newest item', () => {
    expect(nextRovingIndex('ArrowDown', -1, 5)).toBe(4);
    expect(nextRovingIndex('ArrowUp', -1, 5)).toBe(0);
  });
});

describe('rovingStop', () => {
  it('keeps the item last focused while it exists, else the newest', () => {
    expect(rovingStop(5, 2)).toBe(2);
    expect(rovingStop(5, -1)).toBe(4);
    expect(rovingStop(3, 4)).toBe(2);
    expect(rovingStop(0, 0)).toBe(-1);
  });
});
