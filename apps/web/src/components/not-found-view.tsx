import { Button, Stack, Text, Title } from '@mantine/core';
import { ROUTES } from '@rounds/contracts/routes';
import { IconArrowLeft } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

export function NotFoundView() {
  const { t } = useTranslation();
  return (
    <Stack align="center" justify="center" gap="md" mih="min(80dvh, 720px)" p="xl" ta="center">
      <Title
        order={1}
        fz={{ base: 96, sm: 140 }}
        lh={1}
        fw={800}
        c="var(--mantine-primary-color-filled)"
        style={{ letterSpacing: -4 }}
      >
        {t('notFound.code')}
      </Title>
      <Text fz="xl" fw={500}>
        {t('notFound.message')}
      </Text>
      <Button component={Link} to={ROUTES.recent} variant="light" leftSection={<IconArrowLeft size={18} />} mt="sm">
        {t('notFound.home')}
      </Button>
    </Stack>
  );
}
