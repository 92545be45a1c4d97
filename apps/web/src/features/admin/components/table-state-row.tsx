import { Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** The one row an admin table shows when it has none: loading while the first page comes, else 'no data'. */
export function TableStateRow({
  columns,
  pending,
  py = 'lg',
}: {
  columns: number;
  pending: boolean;
  py?: 'md' | 'lg';
}) {
  const { t } = useTranslation('admin-sections');
  return (
    <Table.Tr>
      <Table.Td colSpan={columns}>
        <Text c="dimmed" ta="center" py={py} fz="sm">
          {pending ? t('reference.loading') : t('reference.empty')}
        </Text>
      </Table.Td>
    </Table.Tr>
  );
}
