import { randomPooled } from './random-pool';

/**
 * 24 lowercase hex characters, time-ordered: 6 bytes of milliseconds, 2 bytes of a per-process counter,
 * 4 random bytes. Sorting ids sorts by creation time; the counter keeps ids from one process increasing
 * within the same millisecond.
 */
let lastMs = 0;
let counter = 0;

export function newId(now = Date.now()): string {
  if (now <= lastMs) {
    counter = (counter + 1) & 0xffff;
    if (counter === 0) lastMs += 1; // 65,536 ids in one millisecond: borrow the next one
    now = lastMs;
  } else {
    lastMs = now;
    counter = randomPooled(1)[0]!; // start low but not at zero, so two processes rarely align
  }
  return now.toString(16).padStart(12, '0') + counter.toString(16).padStart(4, '0') + randomPooled(4).toString('hex');
}

export function idTime(id: string): number {
  return Number.parseInt(id.slice(0, 12), 16);
}

/** The smallest id of a millisecond: every id made before `ms` sorts below it (a range scan's bound). */
export function firstIdAt(ms: number): string {
  return ms.toString(16).padStart(12, '0') + '0'.repeat(12);
}
