import { Badge, Group, List, Modal, Paper, Stack, Table, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import type { TBulkImportReply } from '@rounds/contracts/admin-users';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '../../../../components/error-alert';
import { MODAL_STYLES } from '../../../../components/modal-styles';

type TBulkResultsModalProps = {
  opened: boolean;
  onClose: () => void;
  result: TBulkImportReply['data'] | undefined;
  /** A failure of the whole call, shown as text (doc 2 section 8). */
  error: string | undefined;
};

/**
 * 'Bulk Users Upload Results' (doc 2 sections 2 and 8): each row's status, reason and errors. The server says
 * profession; the app says clinical role, so the word is replaced in what is shown.
 */
export function BulkResultsModal({ opened, onClose, result, error }: TBulkResultsModalProps) {
  const { t } = useTranslation('adminUsers');
  // On a phone the rows read as cards in a full-screen modal: five columns do not fit 390 pixels.
  const phone = useMediaQuery('(max-width: 575.98px)');
  const asShown = (text: string) =>
    text.replace(/professions?/gi, (word) => {
      const plural = word.toLowerCase().endsWith('s');
      const label = t(plural ? 'results.clinicalRoles' : 'results.clinicalRole');
      return word[0] === word[0]?.toUpperCase() ? label.charAt(0).toUpperCase() + label.slice(1) : label;
    });
  const errorList = (errors: TBulkImportReply['data']['results'][number]['errors']) => (
    <List size="sm" spacing={2}>
      {errors.map((item) => (
        <List.Item key={`${item.field}-${item.message}`}>
          <Text span fz="sm" fw={600}>
            {asShown(item.field)}
          </Text>
          {`: ${asShown(item.message)}`}
        </List.Item>
      ))}
    </List>
  );
  const status = (row: TBulkImportReply['data']['results'][number]) => (
    <Badge
      color={row.status === 'created' ? 'teal' : 'red'}
      variant="light"
      radius="sm"
      style={{ minWidth: 'max-content' }}
    >
      {t(`results.statuses.${row.status}`)}
    </Badge>
  );

  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={t('results.title')}
      styles={MODAL_STYLES}
      size="xl"
      centered
      fullScreen={phone}
    >
      <Stack gap="md">
        {error && <ErrorAlert>{asShown(error)}</ErrorAlert>}
        {result && (
          <>
            <Group gap="sm">
              <Badge color="teal" variant="light" size="lg" radius="sm">
                {t('results.created', { count: result.created })}
              </Badge>
              <Badge color={result.failed ? 'red' : 'gray'} variant="light" size="lg" radius="sm">
                {t('results.failed', { count: result.failed })}
              </Badge>
            </Group>
            {phone ? (
              <Stack gap="sm" role="list" aria-label={t('results.table')}>
                {result.results.map((row) => (
                  <Paper key={row.user.rowNumber} withBorder radius="md" p="sm" role="listitem">
                    <Stack gap={6}>
                      <Group justify="space-between" wrap="nowrap" gap="xs">
                        <Text fz="sm" fw={600} style={{ overflowWrap: 'anywhere' }}>
                          {`${t('results.row')} ${row.user.rowNumber} · ${row.user.email || '—'}`}
                        </Text>
                        {status(row)}
                      </Group>
                      {row.errors.length > 0 ? (
                        errorList(row.errors)
                      ) : row.reason ? (
                        <Text fz="sm">{asShown(row.reason)}</Text>
                      ) : null}
                    </Stack>
                  </Paper>
                ))}
              </Stack>
            ) : (
              // Focusable, so a keyboard can scroll it sideways too.
              <Table.ScrollContainer
                minWidth={560}
                type="native"
                tabIndex={0}
                role="region"
                aria-label={t('results.table')}
              >
                <Table verticalSpacing="xs" striped withTableBorder fz="sm">
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th>{t('results.row')}</Table.Th>
                      <Table.Th>{t('results.email')}</Table.Th>
                      <Table.Th>{t('results.status')}</Table.Th>
                      <Table.Th>{t('results.reason')}</Table.Th>
                      <Table.Th>{t('results.errors')}</Table.Th>
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {result.results.map((row) => (
                      <Table.Tr key={row.user.rowNumber}>
                        <Table.Td>{row.user.rowNumber}</Table.Td>
                        <Table.Td style={{ wordBreak: 'break-all' }}>{row.user.email || '—'}</Table.Td>
                        <Table.Td>{status(row)}</Table.Td>
                        <Table.Td>{row.reason ? asShown(row.reason) : '—'}</Table.Td>
                        <Table.Td>{row.errors.length === 0 ? '—' : errorList(row.errors)}</Table.Td>
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              </Table.ScrollContainer>
            )}
          </>
        )}
      </Stack>
    </Modal>
  );
}
