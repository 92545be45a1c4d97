import { describe, expect, it } from 'vitest';
import { typingText } from './typing-text';

describe('typingText', () => {
  it('is nothing when nobody types', () => {
    expect(typingText([])).toBeNull();
  });

  it('names up to three people', () => {
    expect(typingText(['Ava'])).toEqual({ key: 'typing.one', params: { a: 'Ava' } });
    expect(typingText(['Ava', 'Liam'])).toEqual({ key: 'typing.two', params: { a: 'Ava', b: 'Liam' } });
    expect(typingText(['Ava', 'Liam', 'Noah'])).toEqual({
      key: 'typing.three',
      params: { a: 'Ava', b: 'Liam', c: 'Noah' },
    });
  });

  it('counts the others beyond three', () => {
    expect(typingText(['Ava', 'Liam', 'Noah', 'Emma', 'Lucas'])).toEqual({
      key: 'typing.more',
      params: { a: 'Ava', b: 'Liam', c: 'Noah', count: 2 },
    });
  });
});
