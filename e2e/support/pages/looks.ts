import { it } from 'vitest';

/** One of the looks every screen is photographed in: English and French, light and dark, desktop and phone. */
export type TLook = {
  theme: 'light' | 'dark';
  lang: 'en' | 'fr';
  viewport: 'desktop' | 'mobile';
  mobile: boolean;
};

/** The eight looks, in the order the journeys have always listed them. */
export const LOOKS: readonly TLook[] = (['light', 'dark'] as const).flatMap((theme) =>
  (['en', 'fr'] as const).flatMap((lang) =>
    (['desktop', 'mobile'] as const).map((viewport) => ({ theme, lang, viewport, mobile: viewport === 'mobile' })),
  ),
);

/** A screenshot name's ending for a look: `dark-fr-mobile`, `light-en` on a desktop. */
export const lookSuffix = (look: Omit<TLook, 'viewport'>) =>
  `${look.theme}-${look.lang}${look.mobile ? '-mobile' : ''}`;

let lookMatrix = 0;

/** A test of eachLook is running: its screens are photographed in both schemes by its sibling looks. */
export const inLookMatrix = (): boolean => lookMatrix > 0;

/** One test per look, named `<title> (light, en, desktop)`. */
export function eachLook(title: string, test: (look: TLook) => Promise<void>): void {
  for (const look of LOOKS) {
    it(`${title} (${look.theme}, ${look.lang}, ${look.viewport})`, async () => {
      lookMatrix += 1;
      try {
        await test(look);
      } finally {
        lookMatrix -= 1;
      }
    });
  }
}
