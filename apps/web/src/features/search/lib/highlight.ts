import type { TTextRange } from '@rounds/contracts/search';

export type TSegment = { text: string; hit: boolean };

/** Characters of a body a result shows: enough for the matched words and what surrounds them. */
export const SNIPPET_MAX = 160;
/** Characters kept before the first matched word when the text is cut. */
const LEAD = 40;

/**
 * A text cut into plain and matched parts from the server's ranges (UTF-16 offsets, as JavaScript counts). A
 * long text is shown from a little before its first match, with ellipses where it was cut, so the matched
 * word is on screen.
 */
export function highlightSegments(text: string, ranges: readonly TTextRange[], max = SNIPPET_MAX): TSegment[] {
  const sorted = [...ranges].filter(([s, e]) => s < e && e <= text.length).sort((a, b) => a[0] - b[0]);
  let from = 0;
  let to = text.length;
  if (text.length > max) {
    const first = sorted[0]?.[0] ?? 0;
    from = Math.max(0, Math.min(first - LEAD, text.length - max));
    // Cut at a space, so no word is shown in half.
    if (from > 0) {
      const space = text.lastIndexOf(' ', from + 10);
      if (space > from - 20 && space < first) from = space + 1;
    }
    to = Math.min(text.length, from + max);
  }
  const out: TSegment[] = [];
  const push = (part: string, hit: boolean) => {
    if (part) out.push({ text: part, hit });
  };
  if (from > 0) push('…', false);
  let at = from;
  for (const [start, end] of sorted) {
    if (end <= at || start >= to) continue;
    push(text.slice(at, Math.max(at, start)), false);
    push(text.slice(Math.max(at, start), Math.min(end, to)), true);
    at = Math.min(end, to);
  }
  push(text.slice(at, to), false);
  if (to < text.length) push('…', false);
  return out;
}
