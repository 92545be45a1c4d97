import { LIMITS } from '@rounds/contracts/limits';

export type TImageTile<T> = { file: T; index: number; more: number };

/**
 * The thumbnails a message shows (spec: at most 6 per message): all of them up to six; beyond that the
 * first five and a sixth tile carrying '+N', N being every image not shown as itself (so 8 images give
 * five tiles and '+3'). index is the image's place in the gallery, which shows them all.
 */
export function imageTiles<T>(files: readonly T[], max: number = LIMITS.maxImagesPerMessage): TImageTile<T>[] {
  if (files.length <= max) return files.map((file, index) => ({ file, index, more: 0 }));
  const tiles = files.slice(0, max - 1).map((file, index) => ({ file, index, more: 0 }));
  tiles.push({ file: files[max - 1]!, index: max - 1, more: files.length - (max - 1) });
  return tiles;
}
