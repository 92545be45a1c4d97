import { CloseButton, Group, Text, UnstyledButton } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { ROUTES } from '@rounds/contracts/routes';
import { IconSpeakerphone } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { readItem, writeItem } from '../../../lib/browser-storage';
import { usePreferences } from '../../../lib/preferences-store';
import { useReservedHeight } from '../../../lib/use-reserved-height';
import { useAppSettings } from '../api/get-app-settings';

const DISMISSED_KEY = 'rounds.banner-dismissed';
const TEXT_STYLE = { whiteSpace: 'pre-line', overflowWrap: 'anywhere' } as const;

/**
 * The administrators' banner (doc 2 section 2, Banner page) at the top of every signed-in screen, in the
 * reader's language. Closing it hides that text for the rest of the tab's session; a new text shows again.
 * Full-height screens subtract its height (--app-banner-height), so nothing is pushed off the bottom.
 */
export function AppBanner() {
  const { t } = useTranslation();
  const language = usePreferences((s) => s.language);
  const banner = useAppSettings().data?.bannerMessage;
  const text = (language === 'fr' ? banner?.text_fr : banner?.text_en)?.trim() ?? '';
  const [dismissed, setDismissed] = useState(() => readItem('session', DISMISSED_KEY));
  // The Contacts screen shows the same text in its own banner (doc 1: scrolling when long): never twice.
  const onContacts = useLocation().pathname.startsWith(ROUTES.contacts);
  const shown = Boolean(banner?.show && text && dismissed !== text && !onContacts);
  const ref = useReservedHeight<HTMLElement>('--app-banner-height', shown);
  // A phone: one line until tapped, so the conversation under it keeps the screen (issue 28).
  const phone = useMediaQuery('(max-width: 767.98px)') ?? false;
  const [open, setOpen] = useState(false);

  if (!shown) return null;
  const dismiss = () => {
    writeItem('session', DISMISSED_KEY, text);
    setDismissed(text);
  };
  return (
    <section ref={ref} className="app-banner" aria-label={t('banner.label')}>
      <Group gap="sm" wrap="nowrap" align="flex-start" px="md" py={8}>
        <IconSpeakerphone size={18} stroke={1.8} style={{ flex: 'none', marginTop: 2 }} aria-hidden />
        {phone ? (
          <UnstyledButton
            style={{ flex: 1, minWidth: 0, color: 'inherit' }}
            aria-expanded={open}
            onClick={() => setOpen((value) => !value)}
          >
            <Text fz="sm" fw={500} lineClamp={open ? undefined : 1} style={TEXT_STYLE}>
              {text}
            </Text>
          </UnstyledButton>
        ) : (
          <Text fz="sm" fw={500} style={{ flex: 1, ...TEXT_STYLE }}>
            {text}
          </Text>
        )}
        <CloseButton size="sm" variant="transparent" aria-label={t('banner.dismiss')} onClick={dismiss} c="inherit" />
      </Group>
    </section>
  );
}
