import { describe, expect, it } from 'vitest';
import { callClock } from './call-clock';

describe('the call clock', () => {
  it('reads mm:ss under an hour and HH:mm:ss from an hour', () => {
    expect(callClock(0)).toBe('00:00');
    expect(callClock(7)).toBe('00:07');
    expect(callClock(3_599)).toBe('59:59');
    expect(callClock(3_600)).toBe('01:00:00');
    expect(callClock(3_725.9)).toBe('01:02:05');
    expect(callClock(-3)).toBe('00:00');
  });
});
