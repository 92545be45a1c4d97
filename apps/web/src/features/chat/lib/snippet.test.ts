import { describe, expect, it } from 'vitest';
import { snippet } from './snippet';

describe('snippet', () => {
  it('keeps a short message as it is', () => {
    expect(snippet('Bed 4 needs a review')).toBe('Bed 4 needs a review');
  });

  it('cuts at 40 characters with an ellipsis', () => {
    const text = 'Patient in bed 12 is asking for pain relief again, please come';
    const cut = snippet(text);
    expect([...cut]).toHaveLength(40);
    expect(cut.endsWith('…')).toBe(true);
    expect(text.startsWith(cut.slice(0, -1).trimEnd())).toBe(true);
  });

  it('keeps exactly 40 characters uncut', () => {
    const text = 'x'.repeat(40);
    expect(snippet(text)).toBe(text);
  });

  it('reads several lines as one', () => {
    expect(snippet('BP 90/60\n\n  HR 120')).toBe('BP 90/60 HR 120');
  });

  it('never cuts an emoji in half', () => {
    const cut = snippet(`${'a'.repeat(38)}🚑🚑🚑`);
    expect(cut).toBe(`${'a'.repeat(38)}🚑…`);
  });
});
