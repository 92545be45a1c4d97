import '@mantine/dates/styles.css';
import { Button, Collapse, Group, Loader, Select, Switch, Text } from '@mantine/core';
import { DatePickerInput, DatesProvider } from '@mantine/dates';
import { useDebouncedValue } from '@mantine/hooks';
import type { TSearchHit } from '@rounds/contracts/search';
import { IconAdjustmentsHorizontal, IconCalendar, IconMessageSearch, IconSearch } from '@tabler/icons-react';
import { type ReactNode, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ListEmpty, ListError, ListSkeleton } from '../../../components/list-states';
import { VirtualList } from '../../../components/virtual-list';
import { useSearchMessages } from '../api/search-messages';
import {
  filtersSet,
  NO_FILTERS,
  searchable,
  searchQuery,
  type TDayRange,
  type TSearchFilters,
} from '../lib/search-filters';
import classes from './search.module.css';
import { SearchHit } from './search-hit';
import '../search-texts';

export type TSearchOption = { id: string; name: string };

export type TMessageSearchProps = {
  /** What was typed in Recent's search box. */
  query: string;
  /** The user's conversations and the people in them, for the filters. */
  rooms: readonly TSearchOption[];
  people: readonly TSearchOption[];
  me: string | undefined;
  /** Opens the message in its room (app/ composes this with the chat's jump to a message). */
  onOpen: (twId: string, messageId: string) => void;
};

type TLine = { kind: 'hit'; hit: TSearchHit } | { kind: 'more' };

/** Typing pauses this long before the server is asked. */
const DEBOUNCE_MS = 300;

/** The end of the results in view: the next page is asked for. */
function LoadMore({ onVisible, label }: { onVisible: () => void; label: string }) {
  useEffect(() => onVisible(), [onVisible]);
  return (
    <div className={classes.more} role="status" aria-label={label}>
      <Loader size="xs" />
    </div>
  );
}

/**
 * Message search in Recent (issue 27): the words typed in the search box, found in the user's conversations by
 * the server's blind index, with filters (conversation, sender, dates, with a file, priority); results newest
 * first on the shared virtual list, the next page asked for at its end. Opening one jumps to the message.
 */
export function MessageSearch({ query, rooms, people, me, onOpen }: TMessageSearchProps) {
  const { t, i18n } = useTranslation('search');
  const [filters, setFilters] = useState<TSearchFilters>(NO_FILTERS);
  const [showFilters, setShowFilters] = useState(false);
  const [typed] = useDebouncedValue(query.trim(), DEBOUNCE_MS);
  const request = useMemo(() => searchQuery(typed, filters), [typed, filters]);
  const ready = searchable(typed);
  const results = useSearchMessages(request, ready);
  const set = (change: Partial<TSearchFilters>) => setFilters((f) => ({ ...f, ...change }));
  const count = filtersSet(filters);
  const total = results.data?.pages[0]?.total ?? 0;
  const lines = useMemo<TLine[]>(() => {
    const hits = (results.data?.pages ?? []).flatMap((p) => p.results.map((hit) => ({ kind: 'hit' as const, hit })));
    return results.hasNextPage ? [...hits, { kind: 'more' }] : hits;
  }, [results.data, results.hasNextPage]);
  const { fetchNextPage, isFetchingNextPage } = results;
  const more = useMemo(
    () => () => {
      if (!isFetchingNextPage) void fetchNextPage();
    },
    [fetchNextPage, isFetchingNextPage],
  );

  let body: ReactNode;
  if (!ready) {
    body = <ListEmpty icon={<IconSearch size={28} stroke={1.5} />} title={t('label')} body={t('hint')} />;
  } else if (results.isError && !results.data) {
    body = (
      <ListError
        title={t('errorTitle')}
        body={t('errorBody')}
        retry={t('retry')}
        onRetry={() => void results.refetch()}
      />
    );
  } else if (results.isPending) {
    body = <ListSkeleton label={t('loading')} avatar={0} rows={5} />;
  } else if (lines.length === 0) {
    body = (
      <ListEmpty
        icon={<IconMessageSearch size={28} stroke={1.5} />}
        title={t('noMatchTitle')}
        body={t('noMatchBody')}
      />
    );
  } else {
    body = (
      <VirtualList
        items={lines}
        label={t('label')}
        getKey={(line) => (line.kind === 'hit' ? line.hit.message.id : '#more')}
        estimateSize={(line) => (line.kind === 'hit' ? 84 : 44)}
        refreshing={results.isFetching && !isFetchingNextPage}
        renderItem={(line) =>
          line.kind === 'hit' ? (
            <SearchHit hit={line.hit} me={me} onOpen={onOpen} />
          ) : (
            <LoadMore onVisible={more} label={t('loadingMore')} />
          )
        }
      />
    );
  }

  return (
    <div className={classes.root}>
      <div className={classes.toolbar}>
        <Text fz="xs" c="dimmed" aria-live="polite">
          {ready && results.data ? t('count', { count: total }) : ''}
        </Text>
        <Button
          size="compact-sm"
          variant={count > 0 ? 'light' : 'subtle'}
          leftSection={<IconAdjustmentsHorizontal size={15} stroke={1.7} />}
          onClick={() => setShowFilters((v) => !v)}
          aria-expanded={showFilters}
        >
          {count > 0 ? t('filtersCount', { count }) : t('filters')}
        </Button>
      </div>
      <Collapse in={showFilters}>
        <div className={classes.filters}>
          <Select
            size="xs"
            label={t('room')}
            placeholder={t('anyRoom')}
            data={rooms.map((r) => ({ value: r.id, label: r.name }))}
            value={filters.roomId}
            onChange={(roomId) => set({ roomId })}
            searchable
            clearable
          />
          <Select
            size="xs"
            label={t('sender')}
            placeholder={t('anySender')}
            data={people.map((p) => ({ value: p.id, label: p.id === me ? t('you') : p.name }))}
            value={filters.senderId}
            onChange={(senderId) => set({ senderId })}
            searchable
            clearable
          />
          <DatesProvider settings={{ locale: i18n.language, firstDayOfWeek: 1 }}>
            <DatePickerInput
              size="xs"
              type="range"
              label={t('dates')}
              placeholder={t('anyDate')}
              value={filters.range}
              onChange={(range) => set({ range: range as TDayRange })}
              maxDate={new Date()}
              allowSingleDateInRange
              clearable
              valueFormat="YYYY-MM-DD"
              leftSection={<IconCalendar size={14} stroke={1.7} />}
              clearButtonProps={{ 'aria-label': t('clearDates') }}
              nextLabel={t('nextMonth')}
              previousLabel={t('previousMonth')}
              styles={{ placeholder: { color: 'var(--mantine-color-dimmed)' } }}
            />
          </DatesProvider>
          <Select
            size="xs"
            label={t('priority')}
            placeholder={t('anyPriority')}
            data={[
              { value: 'IMPORTANT', label: t('important') },
              { value: 'URGENT', label: t('urgent') },
            ]}
            value={filters.priority}
            onChange={(priority) => set({ priority: priority as TSearchFilters['priority'] })}
            clearable
          />
          <Group justify="space-between" wrap="nowrap">
            <Switch
              size="sm"
              label={t('hasFile')}
              checked={filters.hasFile}
              onChange={(event) => set({ hasFile: event.currentTarget.checked })}
            />
            {count > 0 && (
              <Button size="compact-xs" variant="subtle" onClick={() => setFilters(NO_FILTERS)}>
                {t('clearFilters')}
              </Button>
            )}
          </Group>
        </div>
      </Collapse>
      {body}
    </div>
  );
}
