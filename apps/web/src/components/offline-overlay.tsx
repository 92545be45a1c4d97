import { Overlay, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconWifiOff } from '@tabler/icons-react';
import { useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';

function subscribe(onChange: () => void) {
  window.addEventListener('online', onChange);
  window.addEventListener('offline', onChange);
  return () => {
    window.removeEventListener('online', onChange);
    window.removeEventListener('offline', onChange);
  };
}

export function useOnline(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => navigator.onLine,
    () => true,
  );
}

/** Full-page block while the browser is offline (spec doc 2 section 2): nothing behind it would work. */
export function OfflineOverlay() {
  const { t } = useTranslation();
  const online = useOnline();
  if (online) return null;
  return (
    <Overlay fixed blur={3} backgroundOpacity={0.45} zIndex={3000} center>
      <Paper
        role="alertdialog"
        aria-modal
        aria-labelledby="offline-title"
        radius="lg"
        p="xl"
        shadow="xl"
        maw={400}
        m="md"
      >
        <Stack align="center" gap="sm" ta="center">
          <ThemeIcon size={56} radius="xl" color="red" variant="light">
            <IconWifiOff size={30} stroke={1.6} />
          </ThemeIcon>
          <Title order={2} fz="h3" id="offline-title">
            {t('offline.title')}
          </Title>
          <Text c="dimmed">{t('offline.message')}</Text>
        </Stack>
      </Paper>
    </Overlay>
  );
}
