import { Badge, Button, Group, Paper, Stack, Table, Text } from '@mantine/core';
import type { TLegalHold } from '@rounds/contracts/compliance';
import { IconLock, IconLockOpen, IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CardHeading } from '../../../../components/card-heading';
import { ConfirmItemModal } from '../../../../components/confirm-modal';
import { scrollable } from '../../../../components/scrollable';
import { TableStateRow } from '../../components/table-state-row';
import { useLegalHolds } from '../api/get-legal-holds';
import { useReleaseLegalHold } from '../api/release-legal-hold';
import { PlaceHoldModal } from './place-hold-modal';

/** The legal holds: those in force first, each with what it holds, why, who placed it; place and release. */
export function LegalHoldsCard() {
  const { t, i18n } = useTranslation('admin-sections');
  const { t: common } = useTranslation();
  const holds = useLegalHolds();
  const release = useReleaseLegalHold();
  const [placing, setPlacing] = useState(false);
  const [releasing, setReleasing] = useState<TLegalHold | null>(null);
  const rows = holds.data ?? [];
  const date = (at: number) => new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium' }).format(at);
  const what = (h: TLegalHold) =>
    h.target.type === 'user'
      ? h.target.label
      : `${h.target.label} (${h.target.detail === 'direct' ? t('retention.kindDirect') : t('retention.kindGroup')})`;

  return (
    <Paper withBorder radius="lg" p={{ base: 'md', sm: 'lg' }}>
      <Stack gap="md">
        <Group justify="space-between" align="flex-start" gap="sm">
          <CardHeading
            title={t('retention.holdsTitle')}
            help={t('retention.holdsHelp')}
            style={{ flex: 1, minWidth: 240 }}
          />
          <Button leftSection={<IconPlus size={16} />} onClick={() => setPlacing(true)}>
            {t('retention.place')}
          </Button>
        </Group>
        <Table.ScrollContainer minWidth={720} {...scrollable(t('retention.table'))}>
          <Table verticalSpacing="sm" horizontalSpacing="md" aria-busy={holds.isFetching}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th miw={200}>{t('retention.name')}</Table.Th>
                <Table.Th>{t('retention.holds')}</Table.Th>
                <Table.Th>{t('retention.reason')}</Table.Th>
                <Table.Th>{t('retention.placedCol')}</Table.Th>
                <Table.Th ta="right">{t('reference.actions')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((h) => (
                <Table.Tr key={h.id} data-testid="legal-hold-row">
                  <Table.Td>
                    <Stack gap={4} align="flex-start">
                      <Text fw={600} fz="sm">
                        {h.name}
                      </Text>
                      {h.releasedAt === null ? (
                        <Badge color="red" variant="light" radius="sm" tt="none" leftSection={<IconLock size={12} />}>
                          {t('retention.active')}
                        </Badge>
                      ) : (
                        <Badge color="gray" variant="light" radius="sm" tt="none">
                          {t('retention.releasedOn', { date: date(h.releasedAt) })}
                        </Badge>
                      )}
                    </Stack>
                  </Table.Td>
                  <Table.Td>
                    <Text fz="sm">{what(h)}</Text>
                    {h.target.type === 'user' && (
                      <Text fz="xs" c="dimmed">
                        {h.target.detail}
                      </Text>
                    )}
                  </Table.Td>
                  <Table.Td maw={280}>
                    <Text fz="sm" lineClamp={3}>
                      {h.reason}
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    <Text fz="sm">{date(h.placedAt)}</Text>
                    <Text fz="xs" c="dimmed">
                      {h.placedBy?.fullName ?? ''}
                    </Text>
                  </Table.Td>
                  <Table.Td ta="right">
                    {h.releasedAt === null && (
                      <Button
                        size="xs"
                        variant="light"
                        leftSection={<IconLockOpen size={14} />}
                        aria-label={t('retention.releaseItem', { name: h.name })}
                        onClick={() => setReleasing(h)}
                      >
                        {t('retention.release')}
                      </Button>
                    )}
                  </Table.Td>
                </Table.Tr>
              ))}
              {rows.length === 0 && <TableStateRow columns={5} pending={holds.isPending} />}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      </Stack>
      <PlaceHoldModal opened={placing} onClose={() => setPlacing(false)} />
      <ConfirmItemModal
        item={releasing}
        title={t('retention.releaseTitle')}
        body={t('retention.releaseBody', { name: releasing?.name ?? '' })}
        confirm={t('retention.release')}
        cancel={common('common.cancel')}
        action={release}
        done={t('retention.released')}
        onClose={() => setReleasing(null)}
      />
    </Paper>
  );
}
