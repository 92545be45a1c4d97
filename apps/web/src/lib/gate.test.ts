import { describe, expect, it } from 'vitest';
import { createGate } from './gate';

describe('createGate', () => {
  it('lets one message action through per interval (2 s)', () => {
    let now = 0;
    const gate = createGate(2_000, () => now);
    expect(gate.tryPass()).toBe(true);
    now = 1_999;
    expect(gate.tryPass()).toBe(false);
    now = 2_000;
    expect(gate.tryPass()).toBe(true);
  });

  it('lets the first contact click through, then one per interval (5 s)', () => {
    let now = 1_000;
    const gate = createGate(5_000, () => now);
    expect(gate.tryPass()).toBe(true);
    now += 4_999;
    expect(gate.tryPass()).toBe(false);
    now += 1;
    expect(gate.tryPass()).toBe(true);
  });
});
