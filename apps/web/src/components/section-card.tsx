import { Group, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import type { Icon } from '@tabler/icons-react';
import { type ReactNode, useId } from 'react';

type TSectionCardProps = {
  title: string;
  description?: ReactNode;
  icon?: Icon;
  /** Right of the title: a badge or a small action. */
  aside?: ReactNode;
  children: ReactNode;
  id?: string;
};

/** A titled card: the unit the Settings page and forms are built from. */
export function SectionCard({ title, description, icon: SectionIcon, aside, children, id }: TSectionCardProps) {
  const generated = useId();
  // The section is a landmark named by its title (screen readers list it; tests find it by name).
  const headingId = `${id ?? generated}-title`;
  return (
    <Paper withBorder radius="lg" p={{ base: 'md', sm: 'lg' }} component="section" aria-labelledby={headingId} id={id}>
      <Stack gap="md">
        <Group justify="space-between" align="flex-start" wrap="nowrap" gap="sm">
          <Group gap="sm" wrap="nowrap" align="flex-start">
            {SectionIcon && (
              <ThemeIcon variant="light" radius="md" size={36} aria-hidden style={{ flex: 'none' }}>
                <SectionIcon size={20} stroke={1.7} />
              </ThemeIcon>
            )}
            <Stack gap={2}>
              <Title order={2} fz="h4" id={headingId}>
                {title}
              </Title>
              {description && (
                <Text fz="sm" c="dimmed">
                  {description}
                </Text>
              )}
            </Stack>
          </Group>
          {aside}
        </Group>
        {children}
      </Stack>
    </Paper>
  );
}
