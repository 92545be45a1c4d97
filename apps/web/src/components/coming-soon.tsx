import { Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import type { Icon } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

type TComingSoonProps = {
  page: string;
  icon: Icon;
  /** Inside a modal or panel: no card and no page height. */
  compact?: boolean;
  /** An optional way out, e.g. back to login on the public screens. */
  action?: ReactNode;
};

/** Stand-in for screens that later issues build; it sits inside the real layout so navigation can be tried. */
export function ComingSoon({ page, icon: PageIcon, compact = false, action }: TComingSoonProps) {
  const { t } = useTranslation();
  return (
    <Stack align="center" justify="center" mih={compact ? undefined : 'min(70dvh, 640px)'} p={compact ? 'md' : 'lg'}>
      <Paper
        withBorder={!compact}
        radius="lg"
        p="xl"
        maw={460}
        w="100%"
        ta="center"
        shadow={compact ? undefined : 'xs'}
        bg={compact ? 'transparent' : undefined}
      >
        <Stack align="center" gap="sm">
          <ThemeIcon size={64} radius="xl" variant="light">
            <PageIcon size={34} stroke={1.5} />
          </ThemeIcon>
          <Title order={2} fz="h3">
            {t('comingSoon.title', { page })}
          </Title>
          <Text c="dimmed" fz="sm" maw={360}>
            {t('comingSoon.body')}
          </Text>
          {action}
        </Stack>
      </Paper>
    </Stack>
  );
}
