import '@mantine/dropzone/styles.css';
import { Anchor, Group, Text } from '@mantine/core';
import { Dropzone } from '@mantine/dropzone';
import { BULK_CSV_COLUMNS, type TBulkImportReply } from '@rounds/contracts/admin-users';
import { LIMITS } from '@rounds/contracts/limits';
import { IconDownload, IconFileSpreadsheet, IconUpload, IconX } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DropzoneLabel } from '../../../../components/dropzone-label';
import { SectionCard } from '../../../../components/section-card';
import { ApiError } from '../../../../lib/api-client';
import { showToast } from '../../../../lib/toast';
import { useImportCsv } from '../api/import-csv';
import { csvProblem, downloadCsvTemplate } from '../lib/csv-template';
import { BulkResultsModal } from './bulk-results-modal';

/**
 * Bulk CSV upload (doc 2 sections 2 and 5): CSV only, at most 2,000,000 bytes, checked before sending; the
 * template is built in the browser from the contract's columns; the results open in their modal.
 */
export function BulkUploadCard() {
  const { t } = useTranslation('adminUsers');
  const upload = useImportCsv();
  const [shown, setShown] = useState<{ result?: TBulkImportReply['data']; error?: string } | null>(null);

  const send = (file: File | undefined) => {
    if (!file) return;
    const problem = csvProblem(file, LIMITS.csvMaxBytes);
    if (problem) {
      showToast(t(`bulk.${problem}`), 'error');
      return;
    }
    upload.mutate(file, {
      onSuccess: (reply) => setShown({ result: reply.data }),
      onError: (error) => setShown({ error: error instanceof ApiError ? error.message : t('bulk.failed') }),
    });
  };

  return (
    <SectionCard
      icon={IconFileSpreadsheet}
      title={t('bulk.title')}
      description={t('bulk.description')}
      id="bulk-upload"
    >
      <Dropzone
        onDrop={(files) => send(files[0])}
        onReject={(rejections) => {
          const tooLarge = rejections.some((r) => r.errors.some((e) => e.code === 'file-too-large'));
          showToast(t(tooLarge ? 'bulk.tooLarge' : 'bulk.notCsv'), 'error');
        }}
        // Checked again in `send`: some systems report a CSV with no type or as Excel.
        accept={{ 'text/csv': ['.csv'], 'application/vnd.ms-excel': ['.csv'], 'application/csv': ['.csv'] }}
        maxSize={LIMITS.csvMaxBytes}
        multiple={false}
        loading={upload.isPending}
        radius="md"
        inputProps={{ 'aria-label': t('bulk.drop') }}
      >
        <DropzoneLabel
          accept={<IconUpload size={36} stroke={1.5} color="var(--mantine-color-rounds-6)" />}
          reject={<IconX size={36} stroke={1.5} color="var(--mantine-color-red-6)" />}
          idle={<IconFileSpreadsheet size={36} stroke={1.5} aria-hidden />}
          title={t('bulk.drop')}
          hint={t('bulk.rules')}
        />
      </Dropzone>
      <Group justify="space-between" gap="xs" wrap="wrap">
        <Text fz="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
          {t('bulk.columns', { columns: BULK_CSV_COLUMNS.join(', ') })}
        </Text>
        <Anchor component="button" type="button" fz="sm" onClick={() => downloadCsvTemplate()}>
          <Group gap={4} wrap="nowrap" component="span">
            <IconDownload size={16} stroke={1.8} aria-hidden />
            {t('bulk.template')}
          </Group>
        </Anchor>
      </Group>
      <BulkResultsModal
        opened={shown !== null}
        onClose={() => setShown(null)}
        result={shown?.result}
        error={shown?.error}
      />
    </SectionCard>
  );
}
