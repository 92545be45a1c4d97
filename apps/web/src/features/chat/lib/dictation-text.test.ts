import { describe, expect, it } from 'vitest';
import { anchorAt, withDictation } from './dictation-text';

describe('dictation text', () => {
  it('lands at the cursor, replacing the previous guess each time', () => {
    const anchor = anchorAt('Bed 4: please', 13, 13);
    expect(withDictation(anchor, 'check')).toEqual({ value: 'Bed 4: please check', caret: 19 });
    expect(withDictation(anchor, 'check the drip')).toEqual({ value: 'Bed 4: please check the drip', caret: 28 });
  });

  it('replaces a selection and keeps the text after it, spaced', () => {
    const anchor = anchorAt('Call XXX today.', 5, 8);
    expect(withDictation(anchor, 'Doctor Lee').value).toBe('Call Doctor Lee today.');
    expect(withDictation(anchorAt('Hello.', 5, 5), 'there').value).toBe('Hello there.');
  });

  it('an empty box gets the words alone; nothing recognised leaves the box as it was', () => {
    expect(withDictation(anchorAt('', 0, 0), '  Heard it  ')).toEqual({ value: 'Heard it', caret: 8 });
    expect(withDictation(anchorAt('Keep me', 4, 4), '')).toEqual({ value: 'Keep me', caret: 4 });
  });
});
