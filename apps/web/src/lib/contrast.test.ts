import { DEFAULT_THEME } from '@mantine/core';
import { describe, expect, it } from 'vitest';
import { contrastRatio, over, readableOn } from './contrast';

describe('contrastRatio', () => {
  it('gives the WCAG figures', () => {
    expect(contrastRatio('#000000', '#ffffff')).toBeCloseTo(21, 1);
    expect(contrastRatio('#868e96', '#ffffff')).toBeCloseTo(3.32, 2);
    expect(contrastRatio('#ffffff', '#ffffff')).toBe(1);
  });
});

describe('over', () => {
  it('lays a colour over a background at an opacity', () => {
    expect(over('#000000', '#ffffff', 0.5)).toBe('#808080');
    expect(over('#127f73', '#ffffff', 1)).toBe('#127f73');
    // Mantine's theme.white is the short form.
    expect(over('#000000', '#fff', 0.5)).toBe('#808080');
  });
});

describe('readableOn', () => {
  it('leaves a colour that already reads alone', () => {
    expect(readableOn('#127f73', '#ffffff')).toBe('#127f73');
  });

  it('darkens every Mantine hue until it reads on its own light tint (the avatars initials)', () => {
    for (const [name, shades] of Object.entries(DEFAULT_THEME.colors)) {
      const tint = over(shades[7], '#ffffff', 0.12);
      expect(contrastRatio(readableOn(shades[7], tint), tint), name).toBeGreaterThanOrEqual(4.5);
    }
  });

  it('lightens on a dark background', () => {
    const body = '#1a222c';
    const result = readableOn('#127f73', body);
    expect(contrastRatio(result, body)).toBeGreaterThanOrEqual(4.5);
    expect(contrastRatio('#127f73', body)).toBeLessThan(4.5);
  });
});
