import { Alert, Loader, Paper, SimpleGrid, Table, Text } from '@mantine/core';
import type { TSmsCounts } from '@rounds/contracts/sms';
import { IconMessage2Dollar } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { SectionCard } from '../../../../components/section-card';
import { useSmsUsage } from '../api/get-sms-usage';

function Figure({ label, counts }: { label: string; counts: TSmsCounts }) {
  const { t, i18n } = useTranslation();
  const n = (value: number) => value.toLocaleString(i18n.language);
  return (
    <Paper withBorder radius="md" p="md">
      <Text fz="xs" fw={700} tt="uppercase" c="dimmed">
        {label}
      </Text>
      <Text fz={28} fw={700} lh={1.2} data-testid={`sms-sent-${label}`}>
        {n(counts.sent)}
      </Text>
      <Text fz="sm" c="dimmed">
        {t('smsUsage.split', { priority: n(counts.priority), codes: n(counts.codes) })}
      </Text>
      <Text fz="sm" c={counts.refused > 0 ? 'orange' : 'dimmed'} fw={counts.refused > 0 ? 600 : undefined}>
        {t('smsUsage.refused', { count: counts.refused, formatted: n(counts.refused) })}
      </Text>
    </Paper>
  );
}

/**
 * The SMS spend on the admin landing page (Admins only): what priority messages and account codes cost
 * today and this month, what the caps refused, and who sends the most. Times are UTC days and months.
 */
export function SmsUsagePanel() {
  const { t } = useTranslation();
  const usage = useSmsUsage(true);
  return (
    <SectionCard id="sms-usage" icon={IconMessage2Dollar} title={t('smsUsage.title')}>
      {usage.isPending && <Loader size="sm" />}
      {usage.isError && <Alert color="red">{t('smsUsage.failed')}</Alert>}
      {usage.data && (
        <>
          <SimpleGrid cols={{ base: 1, xs: 2 }}>
            <Figure label={t('smsUsage.today')} counts={usage.data.today} />
            <Figure label={t('smsUsage.month')} counts={usage.data.month} />
          </SimpleGrid>
          <Text fz="sm" fw={700}>
            {t('smsUsage.topSenders')}
          </Text>
          {usage.data.topSenders.length === 0 ? (
            <Text fz="sm" c="dimmed">
              {t('smsUsage.noSenders')}
            </Text>
          ) : (
            <Table striped withTableBorder fz="sm">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('smsUsage.sender')}</Table.Th>
                  <Table.Th ta="end">{t('smsUsage.sent')}</Table.Th>
                  <Table.Th ta="end">{t('smsUsage.refusedColumn')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {usage.data.topSenders.map((s) => (
                  <Table.Tr key={s.userId}>
                    <Table.Td>
                      <bdi>{s.fullName}</bdi>
                    </Table.Td>
                    <Table.Td ta="end">{s.sent}</Table.Td>
                    <Table.Td ta="end">{s.refused}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          )}
          <Text fz="xs" c="dimmed">
            {t('smsUsage.caps', usage.data.caps)}
          </Text>
        </>
      )}
    </SectionCard>
  );
}
