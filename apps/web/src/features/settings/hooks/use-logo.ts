import type { TLogoKind } from '@rounds/contracts/settings';
import { usePreferences } from '../../../lib/preferences-store';
import { useAppSettings } from '../api/get-app-settings';

/** Logo slots that have a dark-theme variant, and the two that do not. */
export type TLogoSlot = 'square' | 'recent' | 'more' | 'whiteBig' | 'aboutUsHeader';

const LIGHT: Record<TLogoSlot, TLogoKind> = {
  square: 'squareLogo',
  recent: 'recentLogo',
  more: 'moreLogo',
  whiteBig: 'whiteLogoBig',
  aboutUsHeader: 'aboutUsHeader',
};
const DARK: Record<TLogoSlot, TLogoKind> = {
  ...LIGHT,
  square: 'squareLogoDark',
  recent: 'recentLogoDark',
  more: 'moreLogoDark',
};

/** The logo kinds (app settings keys) of a slot in the light and the dark theme. */
export const logoKinds = (slot: TLogoSlot): { light: TLogoKind; dark: TLogoKind } => ({
  light: LIGHT[slot],
  dark: DARK[slot],
});

/** The URL of a logo for the current theme, or undefined until settings arrive (callers show a fallback). */
export function useLogo(slot: TLogoSlot): string | undefined {
  const theme = usePreferences((s) => s.theme);
  const { data } = useAppSettings();
  if (!data) return undefined;
  const value = data[(theme === 'dark' ? DARK : LIGHT)[slot]];
  return typeof value === 'string' && value ? value : undefined;
}
