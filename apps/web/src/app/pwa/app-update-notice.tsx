import { Button, Group, Paper, Text } from '@mantine/core';
import { IconRefresh } from '@tabler/icons-react';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { inAnyCall, useCalls } from '../../features/calls/call-store';
import { holdAppUpdate, useAppUpdate } from '../../lib/app-update';
import { useSession } from '../../lib/session-store';
import { takeUpdate } from './service-worker';

/**
 * A new build is installed: a quiet notice says so, and the next navigation loads it (the page reloads on the new
 * route). A call holds it until it ends (a dictation holds it from its own hook), so neither is ever cut off.
 */
export function AppUpdateNotice() {
  const { t } = useTranslation();
  const waiting = useAppUpdate((s) => s.waiting);
  const held = useAppUpdate((s) => s.holds > 0);
  const me = useSession((s) => s.user?.id);
  const calling = useCalls((s) => inAnyCall(s.calls, me));
  const { pathname } = useLocation();
  const shownAt = useRef<string | null>(null);

  useEffect(() => {
    if (!calling) return;
    return holdAppUpdate();
  }, [calling]);

  // The path when the notice appeared; the first navigation away from it takes the update.
  useEffect(() => {
    if (!waiting) return;
    if (shownAt.current === null) shownAt.current = pathname;
    else if (shownAt.current !== pathname && takeUpdate()) shownAt.current = pathname;
  }, [waiting, pathname]);

  if (!waiting) return null;
  return (
    <Paper
      role="status"
      withBorder
      shadow="md"
      radius="md"
      p="sm"
      className="app-update-notice"
      style={{ position: 'fixed', insetInlineEnd: 16, bottom: 16, zIndex: 250, maxWidth: 360 }}
    >
      <Group gap="sm" wrap="nowrap" align="center">
        <Text fz="sm" style={{ flex: 1 }}>
          {held ? t('appUpdate.held') : t('appUpdate.ready')}
        </Text>
        <Button
          size="xs"
          variant="light"
          leftSection={<IconRefresh size={16} stroke={1.8} />}
          disabled={held}
          onClick={() => takeUpdate()}
        >
          {t('appUpdate.now')}
        </Button>
      </Group>
    </Paper>
  );
}
