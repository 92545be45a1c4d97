/**
 * The Rounds mark (same drawing as the favicons in public/), in the primary colour so it follows the theme.
 * Shown wherever the server's logo is not available yet, so the shell never shows a broken image.
 */
export function BrandMark({ size = 40, title }: { size?: number; title?: string }) {
  return (
    <svg
      width={size}
      height={size}
      viewBox="0 0 64 64"
      role={title ? 'img' : undefined}
      aria-hidden={title ? undefined : true}
      aria-label={title}
    >
      <rect width="64" height="64" rx="15" fill="var(--mantine-primary-color-filled)" />
      <path
        d="M22 47V17h11.5a9 9 0 0 1 1.6 17.86L43 47"
        fill="none"
        stroke="#fff"
        strokeWidth="6"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
      <circle cx="46.5" cy="17.5" r="4.5" fill="var(--mantine-color-rounds-2)" />
    </svg>
  );
}
