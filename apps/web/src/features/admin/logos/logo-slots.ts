import type { TLogoKind } from '@rounds/contracts/settings';

/**
 * The eight logo slots in the spec's order (doc 2 section 2: main, main dark, recent, recent dark, more,
 * more dark, about-us square, about-us header); `dark` slots (and the white about-us logo) are previewed on a dark background.
 */
export const LOGO_SLOTS: readonly { key: TLogoKind; dark: boolean }[] = [
  { key: 'squareLogo', dark: false },
  { key: 'squareLogoDark', dark: true },
  { key: 'recentLogo', dark: false },
  { key: 'recentLogoDark', dark: true },
  { key: 'moreLogo', dark: false },
  { key: 'moreLogoDark', dark: true },
  { key: 'whiteLogoBig', dark: true },
  { key: 'aboutUsHeader', dark: false },
];

/** What the Dropzone accepts (doc 2 section 5): png, x-png, gif, jpeg, svg. */
export const LOGO_MIME_TYPES = ['image/png', 'image/x-png', 'image/gif', 'image/jpeg', 'image/svg+xml'];
