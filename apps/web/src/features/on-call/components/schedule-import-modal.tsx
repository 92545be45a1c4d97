import { Alert, Button, FileInput, Group, List, Modal, ScrollArea, Select, Stack, Text } from '@mantine/core';
import { DUTY_SCHEDULE_CSV_COLUMNS } from '@rounds/contracts/on-call';
import { IconFileSpreadsheet } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showToast } from '../../../lib/toast';
import { useImportSchedule } from '../api/import-schedule';
import '../texts';
import type { ComboboxItem as TOption } from '@mantine/core';

/**
 * Import shifts from a CSV (role, email, start, end; local times of each role's zone) for one facility. Every
 * bad row is listed by its line and nothing is imported until the file is clean (issue 25).
 */
export function ScheduleImportModal({ facilities, onClose }: { facilities: readonly TOption[]; onClose: () => void }) {
  const { t } = useTranslation('on-call');
  const importing = useImportSchedule();
  const [facilityId, setFacilityId] = useState<string | null>(facilities.length === 1 ? facilities[0]!.value : null);
  const [file, setFile] = useState<File | null>(null);
  const result = importing.data?.data;
  const failure = importing.error instanceof Error ? importing.error.message : null;

  const submit = () => {
    if (!facilityId || !file) return;
    importing.mutate(
      { facilityId, file },
      {
        onSuccess: (reply) => {
          if (reply.data.errors.length === 0) {
            showToast(t('import.done', { count: reply.data.imported }), 'success');
            onClose();
          }
        },
      },
    );
  };

  return (
    <Modal opened onClose={onClose} title={t('import.title')} centered radius="lg" size="lg">
      <Stack gap="md">
        <Text fz="sm" c="dimmed">
          {t('import.help', { columns: DUTY_SCHEDULE_CSV_COLUMNS.join(', ') })}
        </Text>
        <Select
          label={t('admin.facility')}
          required
          searchable
          data={[...facilities]}
          value={facilityId}
          onChange={setFacilityId}
        />
        <FileInput
          label={t('import.file')}
          required
          accept=".csv,text/csv"
          leftSection={<IconFileSpreadsheet size={16} stroke={1.7} />}
          value={file}
          onChange={setFile}
          clearable
        />
        {failure && (
          <Alert color="red" variant="light" role="alert">
            {failure}
          </Alert>
        )}
        {result && result.errors.length > 0 && (
          <Alert color="red" variant="light" role="alert" title={t('import.rejected', { count: result.errors.length })}>
            <ScrollArea.Autosize mah={220}>
              <List size="sm" spacing={2}>
                {result.errors.map((e) => (
                  <List.Item key={`${e.line}-${e.message}`}>
                    {t('import.row', { line: e.line, message: e.message })}
                  </List.Item>
                ))}
              </List>
            </ScrollArea.Autosize>
          </Alert>
        )}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose}>
            {t('admin.cancel')}
          </Button>
          <Button onClick={submit} disabled={!facilityId || !file} loading={importing.isPending}>
            {t('import.submit')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
