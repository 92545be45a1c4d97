import { type CSSVariablesResolver, createTheme, type MantineColorsTuple } from '@mantine/core';
import { over, readableOn } from '../lib/contrast';

// A calm clinical teal, darkest shades for text on white, lighter ones for dark mode.
const rounds: MantineColorsTuple = [
  '#e7f7f5',
  '#d3ede9',
  '#a6dbd3',
  '#76c8bc',
  '#4fb8a9',
  '#36ad9d',
  '#259b8c',
  '#127f73',
  '#066f65',
  '#005f56',
];

// Slightly blue-tinted greys for dark mode: easier on the eyes on night shifts than neutral black.
const dark: MantineColorsTuple = [
  '#d0d7de',
  '#b4bec8',
  '#8c97a3',
  '#6b7683',
  '#4a5562',
  '#323c48',
  '#242d38',
  '#1a222c',
  '#131a22',
  '#0c1117',
];

export const theme = createTheme({
  primaryColor: 'rounds',
  // Shade 7 in both schemes: white button text keeps WCAG AA contrast on it.
  primaryShade: { light: 7, dark: 7 },
  colors: { rounds, dark },
  defaultRadius: 'md',
  fontFamily:
    'Inter, "Segoe UI", system-ui, -apple-system, BlinkMacSystemFont, Roboto, "Helvetica Neue", Arial, sans-serif',
  headings: { fontWeight: '650' },
  cursorType: 'pointer',
  components: {
    // A link inside text must not be told apart by colour alone (WCAG 1.4.1; the EULA link in Settings).
    Anchor: { defaultProps: { underline: 'always' } },
    // Mantine puts a focusable placeholder div first in every menu (role="menu"), for the focus trap to land on:
    // a child that is no menu item, which axe reports as aria-required-children (critical) and a screen reader
    // reads as an unnamed stop. Without it the trap lands on the first item, as the ARIA menu button pattern
    // wants (the arrow keys then walk the items).
    Menu: { defaultProps: { withInitialFocusPlaceholder: false } },
  },
});

/** Secondary ("dimmed") text: Mantine's gray-6 and dark-2 read at 3.3:1 and 4.2:1 on our tinted rows. */
const DIMMED = { light: '#5c636a', dark: '#a3aeb9' };

/**
 * Text colours made to pass WCAG AA (4.5:1) once, here, instead of screen by screen: Mantine's "light"
 * variant (tinted badges, avatars' initials, selected nav item) draws shade 7 on a 10% tint of itself, 2.2 to
 * 4.3:1 depending on the hue, and `<color>-text` uses the same shade on white. Each colour keeps its hue,
 * darkened (light scheme) or lightened (dark scheme) until it reads on the background it is drawn on.
 */
export const cssVariablesResolver: CSSVariablesResolver = (resolved) => {
  const white = '#ffffff';
  const body = dark[7];
  // Field errors: Mantine draws them in red-6 (light) and red-8 (dark), 3.1 to 3.6:1; the readable red instead.
  const error = 'var(--mantine-color-red-text)';
  const light: Record<string, string> = { '--mantine-color-dimmed': DIMMED.light, '--mantine-color-error': error };
  const darkVars: Record<string, string> = { '--mantine-color-dimmed': DIMMED.dark, '--mantine-color-error': error };
  for (const [name, shades] of Object.entries(resolved.colors)) {
    if (name === 'dark' || name === 'gray') continue;
    // Mantine's tints (shade 7 at 10%, shade 5 at 15% on the dark body), a little heavier for hover, and laid
    // over gray-3 rather than white: avatars also sit on selected (tinted) rows.
    const lightTint = over(shades[7], resolved.colors.gray[3], 0.12);
    const darkTint = over(shades[5], body, 0.2);
    // Filled buttons and badges carry white text (both schemes use shade 7).
    const filled = readableOn(shades[7], white);
    light[`--mantine-color-${name}-filled`] = filled;
    darkVars[`--mantine-color-${name}-filled`] = filled;
    light[`--mantine-color-${name}-light-color`] = readableOn(shades[7], lightTint);
    // Coloured text also sits on tinted rows (a refused message): measured against gray-2, not white.
    light[`--mantine-color-${name}-text`] = readableOn(shades[7], resolved.colors.gray[2]);
    darkVars[`--mantine-color-${name}-light-color`] = readableOn(shades[2], darkTint);
    darkVars[`--mantine-color-${name}-text`] = readableOn(shades[4], body);
  }
  return { variables: {}, light, dark: darkVars };
};
