import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createThrottledSaver } from './drafts';

describe('createThrottledSaver', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('saves at most every 500 ms, always the latest text, and the last one at the end', () => {
    const saved: string[] = [];
    const saver = createThrottledSaver<string>((value) => saved.push(value), 500);
    saver.push('h');
    vi.advanceTimersByTime(0);
    expect(saved).toEqual(['h']);
    saver.push('he');
    saver.push('hel');
    vi.advanceTimersByTime(499);
    expect(saved).toEqual(['h']);
    vi.advanceTimersByTime(1);
    expect(saved).toEqual(['h', 'hel']);
    vi.advanceTimersByTime(5_000);
    expect(saved).toEqual(['h', 'hel']);
  });

  it('writes what is pending at once on flush', () => {
    const saved: string[] = [];
    const saver = createThrottledSaver<string>((value) => saved.push(value), 500);
    saver.push('a');
    vi.advanceTimersByTime(0);
    saver.push('ab');
    saver.flush();
    expect(saved).toEqual(['a', 'ab']);
    saver.flush();
    expect(saved).toEqual(['a', 'ab']);
  });
});
