import { LIMITS } from '@rounds/contracts/limits';

/**
 * The last-message line of a room in the list (spec doc 1 section 9: cut at 40 characters). Line breaks
 * and runs of spaces become one space, so a multi-line message still reads as a line. Counted in code points
 * so an emoji is never cut in half.
 */
export function snippet(text: string, max: number = LIMITS.lastMessageSnippetMax): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  const chars = [...flat];
  if (chars.length <= max) return flat;
  return `${chars
    .slice(0, max - 1)
    .join('')
    .trimEnd()}…`;
}
