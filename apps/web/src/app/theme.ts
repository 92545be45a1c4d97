import { createTheme, type MantineColorsTuple } from '@mantine/core';

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
});
