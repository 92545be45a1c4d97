import { describe, expect, it } from 'vitest';
import { createGate } from './throttle';

describe('click gate', () => {
  it('lets the first call through, then one per interval', () => {
    let now = 1_000;
    const gate = createGate(5_000, () => now);
    expect(gate.tryPass()).toBe(true);
    now += 4_999;
    expect(gate.tryPass()).toBe(false);
    now += 1;
    expect(gate.tryPass()).toBe(true);
  });
});
