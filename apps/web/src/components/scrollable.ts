/**
 * Props for a table's scroll container: a plain scrolling div that keyboard users can focus and scroll
 * (WCAG 2.1.1; axe scrollable-region-focusable), named for screen readers. On a phone every admin table scrolls.
 */
export function scrollable(label: string) {
  return { type: 'native', tabIndex: 0, role: 'region', 'aria-label': label } as const;
}
