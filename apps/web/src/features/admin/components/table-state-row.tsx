import { useTranslation } from 'react-i18next';
import { TableStateRow as StateRow } from '../../../components/admin-table';

/** The admin tables' loading and empty row, in the administration's words. */
export function TableStateRow({ columns, pending, py }: { columns: number; pending: boolean; py?: 'md' | 'lg' }) {
  const { t } = useTranslation('admin-sections');
  return (
    <StateRow
      columns={columns}
      pending={pending}
      py={py}
      loading={t('reference.loading')}
      empty={t('reference.empty')}
    />
  );
}
