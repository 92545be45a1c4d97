import { randomFillSync } from 'node:crypto';

/**
 * Random bytes from a refilled 8 KB pool: ids and IVs take a few bytes for every message, and one system call
 * each cost more than the rest of making them. Copies are returned, so callers may keep them.
 */
const POOL_SIZE = 8192;
const pool = Buffer.allocUnsafe(POOL_SIZE);
let offset = POOL_SIZE;

export function randomPooled(size: number): Buffer {
  if (offset + size > POOL_SIZE) {
    randomFillSync(pool);
    offset = 0;
  }
  const out = Buffer.from(pool.subarray(offset, offset + size));
  offset += size;
  return out;
}
