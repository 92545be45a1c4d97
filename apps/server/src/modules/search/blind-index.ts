import { createHmac } from 'node:crypto';
import { indexTerms, queryTerm } from './words.rules';

/** Bytes of HMAC-SHA-256 kept per term: 72 bits, 12 base64url characters (docs/decisions.md). */
const TERM_BYTES = 9;
/** Hashes kept in memory (first in, first out): about 3 MB. */
const CACHED_TERMS = 50_000;

/**
 * The keyed hash of the search index: HMAC-SHA-256 under SEARCH_KEY of a folded word beginning, cut to 72 bits.
 * Without the key the stored terms cannot be tested against a dictionary; a collision (about one in 10^21 per
 * pair) only adds a result from a room the reader may read anyway.
 */
export function createBlindIndex(key: string) {
  const secret = Buffer.from(key, 'base64');
  if (secret.length !== 32) throw new Error('SEARCH_KEY must be 32 bytes');
  // Words follow a steep frequency curve: the hashes of the most recent ones are kept, so most terms of a
  // message cost a Map lookup instead of an HMAC (bench/search gives the cost per message).
  const recent = new Map<string, string>();
  const hash = (term: string) => {
    const known = recent.get(term);
    if (known !== undefined) return known;
    const value = createHmac('sha256', secret)
      .update(term, 'utf8')
      .digest()
      .subarray(0, TERM_BYTES)
      .toString('base64url');
    if (recent.size >= CACHED_TERMS) recent.delete(recent.keys().next().value!);
    recent.set(term, value);
    return value;
  };
  return {
    /** The hashed terms a message is indexed under: its body and its files' names. */
    termsOf: (texts: readonly string[]): string[] => indexTerms(texts).map(hash),
    /** The hashed term a query word is looked up under. */
    queryHash: (word: string): string => hash(queryTerm(word)),
  };
}

export type BlindIndex = ReturnType<typeof createBlindIndex>;
