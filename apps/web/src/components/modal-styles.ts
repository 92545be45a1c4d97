/** Modal titles read as headings: Mantine's default title is body text. */
export const MODAL_STYLES = {
  title: { fontWeight: 700, fontSize: 'var(--mantine-font-size-lg)' },
} as const;
