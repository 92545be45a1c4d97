import { Button, Skeleton, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconFilterOff, IconRefresh } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import type { TListLoad } from '../lib/list-load';
import { ErrorAlert } from './error-alert';

/**
 * What a list shows before it has rows: loading placeholders, a failure with Retry, or an empty state. Shared
 * by the search lists (search-list.tsx), which were near-copies of these.
 */

/** Grey rows shaped like the list's rows while the first page loads. */
export function ListSkeleton({ label, rows = 6, avatar = 40 }: { label: string; rows?: number; avatar?: number }) {
  return (
    <Stack gap={4} p="sm" role="status" aria-label={label}>
      {Array.from({ length: rows }, (_, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: placeholders without identity
        <div key={index} style={{ display: 'flex', alignItems: 'center', gap: 12, padding: '8px 2px' }}>
          <Skeleton circle height={avatar} />
          <Stack gap={6} style={{ flex: 1 }}>
            <Skeleton height={11} width={`${50 + ((index * 17) % 35)}%`} radius="sm" />
            <Skeleton height={9} width={`${30 + ((index * 11) % 30)}%`} radius="sm" />
          </Stack>
        </div>
      ))}
    </Stack>
  );
}

type TListErrorProps = { title: string; body?: string; retry: string; onRetry: () => void };

/** The list could not be loaded: why, and a Retry. */
export function ListError({ title, body, retry, onRetry }: TListErrorProps) {
  return (
    <ErrorAlert m="sm" title={title}>
      <Stack gap="sm" align="flex-start">
        {body && <Text fz="sm">{body}</Text>}
        <Button size="xs" variant="white" color="red" leftSection={<IconRefresh size={14} />} onClick={onRetry}>
          {retry}
        </Button>
      </Stack>
    </ErrorAlert>
  );
}

type TListEmptyProps = { icon: ReactNode; title: string; body: string; action?: ReactNode };

/** Nobody (or nothing) to show: an icon, a title, a line of help and perhaps a way out. */
export function ListEmpty({ icon, title, body, action }: TListEmptyProps) {
  return (
    <Stack align="center" gap={6} px="lg" py={44} ta="center">
      <ThemeIcon size={52} radius="xl" variant="light">
        {icon}
      </ThemeIcon>
      <Text fw={600} mt={6}>
        {title}
      </Text>
      <Text fz="sm" c="dimmed" maw={280}>
        {body}
      </Text>
      {action}
    </Stack>
  );
}

/** A list's texts (one block per list in the locales): loading, failure, empty and no-match. */
export type TListTexts = {
  loading: string;
  errorTitle: string;
  errorBody?: string;
  retry: string;
  emptyTitle: string;
  emptyBody: string;
  noMatchTitle: string;
  noMatchBody: string;
};

/** Where a list's query stands: what a list screen hands its list, and the list hands SearchList. */
export type TListQuery = TListLoad & {
  /** A search or filter narrows the list: the empty state says nothing matches. */
  narrowed: boolean;
};

/** The empty state's way out of a search or filters that match nobody. */
export function ResetFiltersButton({ label, onReset }: { label: string; onReset: () => void }) {
  return (
    <Button mt="xs" variant="light" size="xs" leftSection={<IconFilterOff size={14} />} onClick={onReset}>
      {label}
    </Button>
  );
}
