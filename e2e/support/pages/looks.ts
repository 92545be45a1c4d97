import { it } from 'vitest';

/** One of the looks every screen is photographed in: English and French, light and dark, desktop and phone. */
export type TLook = {
  theme: 'light' | 'dark';
  lang: 'en' | 'fr';
  viewport: 'desktop' | 'mobile';
  mobile: boolean;
};

const look = (theme: TLook['theme'], lang: TLook['lang'], viewport: TLook['viewport']): TLook => ({
  theme,
  lang,
  viewport,
  mobile: viewport === 'mobile',
});

/**
 * The looks a screen is photographed and audited in: each pair of English or French, light or dark, desktop or
 * phone together at least once (a covering array), so four looks instead of all eight. Every string is seen in
 * both languages on both screens, every screen in both schemes (docs/decisions.md "Journeys' looks").
 */
export const LOOKS: readonly TLook[] = [
  look('light', 'en', 'desktop'),
  look('light', 'fr', 'mobile'),
  look('dark', 'en', 'mobile'),
  look('dark', 'fr', 'desktop'),
];

/** The four looks LOOKS leaves out, a covering array of its own: for screens photographed in both sets. */
export const OTHER_LOOKS: readonly TLook[] = [
  look('dark', 'fr', 'mobile'),
  look('light', 'fr', 'desktop'),
  look('dark', 'en', 'desktop'),
  look('light', 'en', 'mobile'),
];

/** A screenshot name's ending for a look: `dark-fr-mobile`, `light-en` on a desktop. */
export const lookSuffix = (look: Omit<TLook, 'viewport'>) =>
  `${look.theme}-${look.lang}${look.mobile ? '-mobile' : ''}`;

let lookMatrix = 0;

/** A test of eachLook is running: its screens are photographed in both schemes by its sibling looks. */
export const inLookMatrix = (): boolean => lookMatrix > 0;

/**
 * One look's part of a test that photographs several looks itself (a loop over LOOKS, or its own set covering both
 * schemes): as in eachLook, each screen's other scheme is audited by another look's photograph, not again here.
 */
export async function inLook<T>(body: () => Promise<T>): Promise<T> {
  lookMatrix += 1;
  try {
    return await body();
  } finally {
    lookMatrix -= 1;
  }
}

/** One test per look, named `<title> (light, en, desktop)`. */
export function eachLook(title: string, test: (look: TLook) => Promise<void>): void {
  for (const look of LOOKS) {
    it(`${title} (${look.theme}, ${look.lang}, ${look.viewport})`, () => inLook(() => test(look)));
  }
}
