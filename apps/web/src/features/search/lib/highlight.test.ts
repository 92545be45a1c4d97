import { describe, expect, it } from 'vitest';
import { highlightSegments } from './highlight';

describe('highlightSegments', () => {
  it('cuts a text into plain and matched parts', () => {
    expect(
      highlightSegments("Transférer à l'Hôpital, lit 12", [
        [15, 22],
        [28, 30],
      ]),
    ).toEqual([
      { text: "Transférer à l'", hit: false },
      { text: 'Hôpital', hit: true },
      { text: ', lit ', hit: false },
      { text: '12', hit: true },
    ]);
  });

  it('shows a long text from a little before its first match, with ellipses', () => {
    const text = `${'word '.repeat(60)}sepsis ${'tail '.repeat(60)}`;
    const start = text.indexOf('sepsis');
    const parts = highlightSegments(text, [[start, start + 6]], 100);
    expect(parts[0]).toEqual({ text: '…', hit: false });
    expect(parts.at(-1)).toEqual({ text: '…', hit: false });
    expect(parts.find((p) => p.hit)?.text).toBe('sepsis');
    expect(parts.map((p) => p.text).join('').length).toBeLessThanOrEqual(102);
  });

  it('ignores ranges outside the text', () => {
    expect(highlightSegments('short', [[10, 12]])).toEqual([{ text: 'short', hit: false }]);
  });
});
