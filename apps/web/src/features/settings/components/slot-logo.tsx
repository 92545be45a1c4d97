import { Box } from '@mantine/core';
import { currentLogoPath } from '@rounds/contracts/settings';
import { BrandLogo } from '../../../components/brand-logo';
import { useSignedInFrameRender } from '../../../lib/signed-in-frame';
import { logoKinds, type TLogoSlot, useLogo } from '../hooks/use-logo';

type TSlotLogoProps = { slot: TLogoSlot; height: number; withWordmark?: boolean };

/**
 * The logo of a slot for the current theme, from the app settings. In the build's drawing of the signed-in home
 * page (src/prerender.tsx) neither the settings nor the theme are known: both themes' logos, at the addresses
 * that lead to whatever an Admin set (currentLogoPath), and the theme's rule hides the other one.
 */
export function SlotLogo({ slot, height, withWordmark }: TSlotLogoProps) {
  const frame = useSignedInFrameRender();
  const src = useLogo(slot);
  if (!frame) return <BrandLogo src={src} height={height} withWordmark={withWordmark} />;
  const kinds = logoKinds(slot);
  return (
    <>
      <Box darkHidden>
        <BrandLogo src={currentLogoPath(kinds.light)} height={height} withWordmark={withWordmark} />
      </Box>
      <Box lightHidden>
        <BrandLogo src={currentLogoPath(kinds.dark)} height={height} withWordmark={withWordmark} />
      </Box>
    </>
  );
}
