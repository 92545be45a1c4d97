import { Button, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconAlertTriangle, IconRefresh } from '@tabler/icons-react';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useRouteError } from 'react-router';

/**
 * Last line of defence for a render error or a failed chunk download (typically after a deployment
 * replaced the files the open tab expects): a reload fixes the latter.
 */
export function RouteError() {
  const { t } = useTranslation();
  const error = useRouteError();
  useEffect(() => {
    console.error(error);
  }, [error]);
  return (
    <Stack align="center" justify="center" mih="80dvh" p="xl" ta="center" gap="md">
      <ThemeIcon size={64} radius="xl" color="orange" variant="light">
        <IconAlertTriangle size={34} stroke={1.5} />
      </ThemeIcon>
      <Title order={1} fz="h2">
        {t('errors.pageTitle')}
      </Title>
      <Text c="dimmed" maw={420}>
        {t('errors.pageBody')}
      </Text>
      <Button leftSection={<IconRefresh size={18} />} onClick={() => window.location.reload()}>
        {t('errors.reload')}
      </Button>
    </Stack>
  );
}
