import { Alert, Container, Paper, Skeleton, Stack, Title } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { InfoPhotos } from './info-photos';
import { SanitizedHtml } from './sanitized-html';

type TInfoPageProps = {
  title: string;
  /** The header logo, already chosen for the theme. */
  logo: ReactNode;
  /** Admin-written HTML in the current language; undefined while loading. */
  html: string | undefined;
  loading: boolean;
  /** Shown when there is no text (server unreachable or nothing written yet). */
  emptyText: string;
  captions: readonly [string, string, string, string];
};

/** Layout shared by About us and Information (spec doc 2 section 2 "Information pages"). */
export function InfoPage({ title, logo, html, loading, emptyText, captions }: TInfoPageProps) {
  return (
    <Container size="lg" py={{ base: 'md', sm: 'xl' }} px={{ base: 'md', sm: 'xl' }}>
      <Stack gap="xl">
        <Paper
          radius="lg"
          p={{ base: 'lg', sm: 'xl' }}
          withBorder
          style={{
            background: 'linear-gradient(120deg, var(--mantine-primary-color-light) 0%, var(--mantine-color-body) 70%)',
          }}
        >
          <Stack gap="md" align="flex-start">
            {logo}
            <Title order={1} fz={{ base: 'h2', sm: 'h1' }}>
              {title}
            </Title>
          </Stack>
        </Paper>

        <Paper radius="lg" p={{ base: 'lg', sm: 'xl' }} withBorder>
          {loading ? (
            <Stack gap="sm">
              <Skeleton height={14} radius="xl" />
              <Skeleton height={14} radius="xl" />
              <Skeleton height={14} width="70%" radius="xl" />
            </Stack>
          ) : html?.trim() ? (
            <SanitizedHtml html={html} />
          ) : (
            <Alert variant="light" icon={<IconInfoCircle size={18} />}>
              {emptyText}
            </Alert>
          )}
        </Paper>

        <InfoPhotos captions={captions} />
      </Stack>
    </Container>
  );
}
