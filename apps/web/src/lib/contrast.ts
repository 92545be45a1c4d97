import { darken, lighten, luminance, toRgba } from '@mantine/core';

/** WCAG 2 contrast ratio of two opaque colours (1 to 21). */
export function contrastRatio(a: string, b: string): number {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (light + 0.05) / (dark + 0.05);
}

/** `color` laid over `background` at `opacity`, as the eye sees it (any CSS hex or rgb in, hex out). */
export function over(color: string, background: string, opacity: number): string {
  const top = toRgba(color);
  const bottom = toRgba(background);
  const channel = (a: number, b: number) =>
    Math.round(a * opacity + b * (1 - opacity))
      .toString(16)
      .padStart(2, '0');
  return `#${channel(top.r, bottom.r)}${channel(top.g, bottom.g)}${channel(top.b, bottom.b)}`;
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
