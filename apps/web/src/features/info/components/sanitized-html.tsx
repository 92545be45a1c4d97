import { TypographyStylesProvider } from '@mantine/core';
import DOMPurify from 'dompurify';
import { useMemo } from 'react';

/**
 * Rich text written by an administrator (about-us and information texts). It is sanitised here, in the
 * browser, right before insertion, whatever the server did, so a compromised admin account cannot run script.
 */
export function SanitizedHtml({ html }: { html: string }) {
  const clean = useMemo(() => DOMPurify.sanitize(html, { USE_PROFILES: { html: true } }), [html]);
  return (
    <TypographyStylesProvider>
      {/* biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised by DOMPurify on the line above */}
      <div className="rich-text" dangerouslySetInnerHTML={{ __html: clean }} />
    </TypographyStylesProvider>
  );
}
