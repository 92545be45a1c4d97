import { Anchor, type AnchorProps } from '@mantine/core';
import { ROUTES } from '@rounds/contracts/routes';
import type { ReactNode } from 'react';

/** The licence always opens in its own tab (spec doc 1 section 2), so a half-filled form is not lost. */
export function EulaLink({ children, ...props }: AnchorProps & { children: ReactNode }) {
  return (
    <Anchor href={ROUTES.eula} target="_blank" rel="noopener" {...props}>
      {children}
    </Anchor>
  );
}
