import { LIMITS } from '@rounds/contracts/limits';

export type TTypingText =
  | { key: 'typing.one'; params: { a: string } }
  | { key: 'typing.two'; params: { a: string; b: string } }
  | { key: 'typing.three'; params: { a: string; b: string; c: string } }
  | { key: 'typing.more'; params: { a: string; b: string; c: string; count: number } };

/**
 * The line under the messages (spec doc 1 section 9): up to three names, then 'and N other people'.
 * Returns the locale key and its values, so the sentence is built in the reader's language.
 */
export function typingText(names: readonly string[]): TTypingText | null {
  const [a, b, c] = names;
  if (a === undefined) return null;
  if (b === undefined) return { key: 'typing.one', params: { a } };
  if (c === undefined) return { key: 'typing.two', params: { a, b } };
  if (names.length <= LIMITS.typingNamesMax) return { key: 'typing.three', params: { a, b, c } };
  return { key: 'typing.more', params: { a, b, c, count: names.length - LIMITS.typingNamesMax } };
}
