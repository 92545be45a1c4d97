import { darken, lighten, luminance } from '@mantine/core';

/** WCAG 2 contrast ratio of two opaque colours (1 to 21). */
export function contrastRatio(a: string, b: string): number {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (light + 0.05) / (dark + 0.05);
}

/** `color` laid over `background` at `opacity`, as the eye sees it (hex in, hex out). */
export function over(color: string, background: string, opacity: number): string {
  const hex = (c: string) => [1, 3, 5].map((i) => Number.parseInt(c.slice(i, i + 2), 16));
  const top = hex(color);
  const bottom = hex(background);
  return `#${top
    .map((v, i) =>
      Math.round(v * opacity + (bottom[i] ?? 0) * (1 - opacity))
        .toString(16)
        .padStart(2, '0'),
    )
    .join('')}`;
}

/**
 * `color`, darkened (on a light background) or lightened (on a dark one) in small steps until it reads at
 * `min` against `background`; unchanged when it already does. Keeps the hue, so a red stays a red.
 */
export function readableOn(color: string, background: string, min = 4.6): string {
  const towardsDark = luminance(background) > 0.18;
  let result = color;
  for (let step = 1; step <= 20 && contrastRatio(result, background) < min; step += 1) {
    result = towardsDark ? darken(color, step * 0.05) : lighten(color, step * 0.05);
  }
  return result;
}
