import '@mantine/dates/styles.css';
import { Button, Group, Paper, Stack } from '@mantine/core';
import { DatePickerInput, DatesProvider } from '@mantine/dates';
import { IconCalendar, IconFileZip } from '@tabler/icons-react';
import 'dayjs/locale/fr';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CardHeading } from '../../../../components/card-heading';
import { showToast } from '../../../../lib/toast';
import { exportDownloadHref, useCreateExport } from '../api/create-export';
import { exportRange, type TExportDays } from '../lib/export-range';
import { TargetSelect, TargetTypeControl, useTargetChoice } from './target-select';

/** Hands the link to the browser's own download: the ZIP streams to disk, never into this page's memory. */
function download(href: string) {
  const link = document.createElement('a');
  link.href = href;
  link.download = '';
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
}

/**
 * Export for counsel (issue 27): the conversations of a person or of a conversation over whole days, as a ZIP of
 * JSON Lines, files and a manifest of SHA-256 hashes. The request is checked and recorded, then downloaded.
 */
export function ExportCard() {
  const { t, i18n } = useTranslation('admin-sections');
  const choice = useTargetChoice('room');
  const { type, targetId } = choice;
  const [days, setDays] = useState<TExportDays>([null, null]);
  const create = useCreateExport();
  const range = exportRange(days);
  const ready = targetId !== null && range !== null;
  const shown = days[0] ? [days[0], days[1]].filter(Boolean).join(' – ') : t('retention.exportRangePlaceholder');

  return (
    <Paper withBorder radius="lg" p={{ base: 'md', sm: 'lg' }} component="section" aria-labelledby="export-title">
      <form
        onSubmit={(event) => {
          event.preventDefault();
          if (!ready) return;
          create.mutate(
            { scope: type, targetId, ...range },
            {
              onSuccess: ({ token }) => {
                download(exportDownloadHref(token));
                showToast(t('retention.exportStarted'), 'success');
              },
            },
          );
        }}
      >
        <Stack gap="md">
          <CardHeading title={t('retention.exportTitle')} help={t('retention.exportHelp')} id="export-title" />
          <TargetTypeControl choice={choice} label={t('retention.exportScope')} order={['room', 'user']} maw={360} />
          <Group align="flex-end" gap="md" wrap="wrap">
            <div style={{ flex: '1 1 280px' }}>
              <TargetSelect choice={choice} enabled />
            </div>
            <DatesProvider settings={{ locale: i18n.language, firstDayOfWeek: 1 }}>
              <DatePickerInput
                type="range"
                label={t('retention.exportRange')}
                // The name holds what the button shows (WCAG 2.5.3, label in name).
                aria-label={`${t('retention.exportRange')}: ${shown}`}
                placeholder={t('retention.exportRangePlaceholder')}
                required
                value={days}
                onChange={(value) => setDays(value as TExportDays)}
                maxDate={new Date()}
                allowSingleDateInRange
                valueFormat="YYYY-MM-DD"
                labelSeparator="–"
                leftSection={<IconCalendar size={16} stroke={1.7} />}
                style={{ flex: '1 1 240px' }}
                styles={{ placeholder: { color: 'var(--mantine-color-dimmed)' } }}
              />
            </DatesProvider>
          </Group>
          <Group justify="flex-end">
            <Button type="submit" leftSection={<IconFileZip size={16} />} loading={create.isPending} disabled={!ready}>
              {t('retention.export')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}
