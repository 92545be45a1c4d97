import { describe, expect, it } from 'vitest';
import { imageTiles } from './image-grid';

const files = (n: number) => Array.from({ length: n }, (_, i) => `f${i}`);

describe('imageTiles', () => {
  it('shows up to six images as they are', () => {
    expect(imageTiles(files(3)).map((t) => [t.file, t.more])).toEqual([
      ['f0', 0],
      ['f1', 0],
      ['f2', 0],
    ]);
    expect(imageTiles(files(6)).every((t) => t.more === 0)).toBe(true);
    expect(imageTiles([])).toEqual([]);
  });

  it('replaces the sixth with +N beyond six', () => {
    const tiles = imageTiles(files(7));
    expect(tiles).toHaveLength(6);
    expect(tiles[5]).toEqual({ file: 'f5', index: 5, more: 2 });
    expect(imageTiles(files(10))[5]!.more).toBe(5);
  });
});
