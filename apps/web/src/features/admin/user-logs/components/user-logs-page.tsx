import '@mantine/dates/styles.css';
import { Button, Group, Stack, Table } from '@mantine/core';
import { DatePickerInput, DatesProvider } from '@mantine/dates';
import { useDebouncedValue, useMediaQuery } from '@mantine/hooks';
import { SERVER_EVENTS } from '@rounds/contracts/events';
import { TIMINGS } from '@rounds/contracts/limits';
import { IconCalendar, IconDownload } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import 'dayjs/locale/fr';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AdminTable } from '../../../../components/admin-table';
import { PageNumbers } from '../../../../components/page-numbers';
import { usePreferences } from '../../../../lib/preferences-store';
import { subscribe } from '../../../../lib/socket';
import { TableStateRow } from '../../components/table-state-row';
import { SearchField } from '../../reference/components/search-field';
import { pageCount } from '../../reference/page-after-delete';
import { useExportUserLogs } from '../api/export-user-logs';
import { USER_LOGS_PAGE_SIZE, userLogsKey, useUserLogs } from '../api/get-user-logs';
import { formatLogDate, rangePresets, rangeToSeconds, type TDayRange } from '../date-range';

/**
 * User logs (doc 2 section 2): export, search, a date range (today at most, two months side by side on a
 * wide screen, All Time among the ranges), the table of Name, Email, Event and Date, and page numbers.
 * LogsChanged from the server refreshes the list, so new sign-ins appear without a reload.
 */
export function UserLogsPage() {
  const { t } = useTranslation('admin-sections');
  const language = usePreferences((s) => s.language);
  const wide = useMediaQuery('(min-width: 48em)');
  const queryClient = useQueryClient();
  const [search, setSearch] = useState('');
  const [keyword] = useDebouncedValue(search.trim(), TIMINGS.searchDebounceMs);
  const [range, setRange] = useState<TDayRange>([null, null]);
  const { from, to } = rangeToSeconds(range);
  const filterKey = `${keyword}|${from}|${to}`;
  const [pageOf, setPageOf] = useState({ filterKey: '', page: 0 });
  // A new filter starts again at its first page (pages count from 0 here, doc 2 section 9).
  const page = pageOf.filterKey === filterKey ? pageOf.page : 0;
  const logs = useUserLogs({ keyword, from, to, page });
  const exporter = useExportUserLogs();
  const presets = useMemo(
    () => rangePresets().map((preset) => ({ value: preset.value, label: t(`logs.presets.${preset.key}`) })),
    [t],
  );
  const rows = logs.data?.results ?? [];
  const total = logs.data?.total ?? 0;

  useEffect(
    () => subscribe(SERVER_EVENTS.LogsChanged, () => void queryClient.invalidateQueries({ queryKey: userLogsKey })),
    [queryClient],
  );

  return (
    <Stack gap="md">
      <Group justify="space-between" gap="sm" wrap="wrap" align="flex-end">
        <Group gap="sm" wrap="wrap" style={{ flex: 1 }} align="flex-end">
          <SearchField
            value={search}
            onChange={setSearch}
            label={t('logs.search')}
            placeholder={t('logs.searchPlaceholder')}
          />
          <DatesProvider settings={{ locale: language, firstDayOfWeek: 1 }}>
            <DatePickerInput
              type="range"
              // The name holds what the button shows (WCAG 2.5.3, label in name).
              aria-label={`${t('logs.range')}: ${range[0] ? [range[0], range[1]].filter(Boolean).join(' – ') : t('logs.allTime')}`}
              labelSeparator="–"
              placeholder={t('logs.allTime')}
              value={range}
              onChange={(value) => setRange(value as TDayRange)}
              maxDate={new Date()}
              numberOfColumns={wide ? 2 : 1}
              presets={presets}
              allowSingleDateInRange
              clearable
              valueFormat="YYYY-MM-DD"
              leftSection={<IconCalendar size={16} stroke={1.7} />}
              miw={240}
              // "All Time" is the value shown, not a hint: it needs the contrast of text (the theme's dimmed).
              styles={{ placeholder: { color: 'var(--mantine-color-dimmed)' } }}
              clearButtonProps={{ 'aria-label': t('logs.clearRange') }}
              nextLabel={t('logs.nextMonth')}
              previousLabel={t('logs.previousMonth')}
            />
          </DatesProvider>
        </Group>
        <Button
          leftSection={<IconDownload size={16} />}
          variant="light"
          loading={exporter.isPending}
          onClick={() => exporter.mutate({ keyword, from, to })}
        >
          {t('logs.export')}
        </Button>
      </Group>

      <AdminTable
        label={t('reference.table', { name: t('logs.title') })}
        minWidth={640}
        busy={logs.isFetching}
        head={
          <>
            <Table.Th>{t('logs.name')}</Table.Th>
            <Table.Th>{t('logs.email')}</Table.Th>
            <Table.Th>{t('logs.event')}</Table.Th>
            <Table.Th w={190}>{t('logs.date')}</Table.Th>
          </>
        }
      >
        {rows.map((log) => (
          <Table.Tr key={log.id}>
            <Table.Td fw={600}>{log.user ? `${log.user.firstName} ${log.user.lastName}` : '—'}</Table.Td>
            <Table.Td fz="sm">{log.user?.email ?? '—'}</Table.Td>
            <Table.Td fz="sm">{t(`logs.events.${log.event}`, { defaultValue: log.event })}</Table.Td>
            <Table.Td fz="sm" style={{ whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' }}>
              {formatLogDate(log.createdAt)}
            </Table.Td>
          </Table.Tr>
        ))}
        {rows.length === 0 && <TableStateRow columns={4} pending={logs.isPending} />}
      </AdminTable>

      <PageNumbers
        page={page + 1}
        pages={pageCount(total, USER_LOGS_PAGE_SIZE)}
        onChange={(next) => setPageOf({ filterKey, page: next - 1 })}
        label={t('logs.pages')}
        previous={t('reference.previous')}
        next={t('reference.next')}
        summary={t('logs.total', { count: total })}
      />
    </Stack>
  );
}
