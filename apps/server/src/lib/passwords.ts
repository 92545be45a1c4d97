import { randomInt } from 'node:crypto';
import { availableParallelism } from 'node:os';
import argon2 from 'argon2';

/**
 * argon2 is deliberately expensive. Running more hashes at once than cores minus one would starve the event
 * loop, and every other request with it, while someone hammers the login; so hashes queue here instead.
 */
const MAX_CONCURRENT = Math.max(1, availableParallelism() - 1);
let running = 0;
const waiting: (() => void)[] = [];

async function limited<T>(work: () => Promise<T>): Promise<T> {
  if (running >= MAX_CONCURRENT) await new Promise<void>((resolve) => waiting.push(resolve));
  running += 1;
  try {
    return await work();
  } finally {
    running -= 1;
    waiting.shift()?.();
  }
}

/**
 * argon2id at OWASP's recommended baseline (19 MiB, t=2, p=1). One lane per hash keeps a hash on one core;
 * the verify reads the parameters from the stored hash, so raising them later needs no migration.
 */
const PARAMS = { type: argon2.argon2id, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(password: string): Promise<string> {
  return limited(() => argon2.hash(password, PARAMS));
}

export function verifyPassword(hash: string, password: string): Promise<boolean> {
  return limited(() => argon2.verify(hash, password)).catch(() => false);
}

/** A strong generated password that also meets the spec's rules (upper, lower, digit). */
export function generatePassword(length = 20): string {
  const sets = ['ABCDEFGHJKLMNPQRSTUVWXYZ', 'abcdefghijkmnopqrstuvwxyz', '23456789'];
  const all = sets.join('');
  const chars = sets.map((s) => s[randomInt(s.length)]!);
  while (chars.length < length) chars.push(all[randomInt(all.length)]!);
  for (let i = chars.length - 1; i > 0; i--) {
    const j = randomInt(i + 1);
    [chars[i], chars[j]] = [chars[j]!, chars[i]!];
  }
  return chars.join('');
}
