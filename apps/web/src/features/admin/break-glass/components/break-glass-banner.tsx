import { Button, Group, Portal, Text } from '@mantine/core';
import type { TBreakGlassGrant } from '@rounds/contracts/compliance';
import { IconAlertOctagon } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useReservedHeight } from '../../../../lib/use-reserved-height';

/**
 * The red strip of a break-glass view (issue 27): read-only, until when, why. Fixed at the top of the window and
 * above dialogs and the image viewer, so every screen of the room shows it.
 */
export function BreakGlassBanner({
  grant,
  onEnd,
  ending,
}: {
  grant: TBreakGlassGrant;
  onEnd: () => void;
  ending: boolean;
}) {
  const { t, i18n } = useTranslation('admin-sections');
  // The app's frame moves down by its height (--break-glass-height, styles.css): it covers nothing.
  const ref = useReservedHeight<HTMLDivElement>('--break-glass-height', true);
  const time = new Intl.DateTimeFormat(i18n.language, { timeStyle: 'short' }).format(grant.expiresAt);
  return (
    <Portal>
      <div
        ref={ref}
        role="status"
        data-testid="break-glass-banner"
        style={{
          position: 'fixed',
          insetInline: 0,
          top: 0,
          zIndex: 1000,
          padding: '8px 16px',
          background: 'var(--mantine-color-red-8)',
          color: 'white',
        }}
      >
        <Group justify="space-between" gap="xs" wrap="wrap">
          <Group gap="xs" wrap="nowrap" style={{ minWidth: 0, flex: '1 1 260px' }}>
            <IconAlertOctagon size={20} style={{ flex: 'none' }} aria-hidden />
            <Text fz="sm" fw={600} lineClamp={3} title={grant.reason}>
              {t('breakGlass.banner', { time, reason: grant.reason })}
            </Text>
          </Group>
          <Button
            size="compact-sm"
            variant="white"
            color="red"
            onClick={onEnd}
            loading={ending}
            style={{ flex: 'none', marginInlineStart: 'auto' }}
          >
            {t('breakGlass.end')}
          </Button>
        </Group>
      </div>
    </Portal>
  );
}
