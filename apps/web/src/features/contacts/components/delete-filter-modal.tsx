import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import type { TSavedFilter } from '@rounds/contracts/contacts';
import { useTranslation } from 'react-i18next';
import { showToast } from '../../../lib/toast';
import { useDeleteSavedFilter } from '../api/delete-saved-filter';

type TDeleteFilterModalProps = { filter: TSavedFilter | null; onClose: () => void; onDeleted: (id: string) => void };

/** Asks before deleting a saved filter (DELETE /filter); the contacts themselves are untouched. */
export function DeleteFilterModal({ filter, onClose, onDeleted }: TDeleteFilterModalProps) {
  const { t } = useTranslation('contacts');
  const remove = useDeleteSavedFilter();

  const confirm = () => {
    if (!filter) return;
    remove.mutate(filter.id, {
      onSuccess: () => {
        showToast(t('deleteModal.deleted', { name: filter.name }), 'success');
        onDeleted(filter.id);
        onClose();
      },
    });
  };

  return (
    <Modal
      opened={filter !== null}
      onClose={() => !remove.isPending && onClose()}
      title={t('deleteModal.title')}
      centered
      size="sm"
    >
      <Stack gap="lg">
        <Text fz="sm">{t('deleteModal.body', { name: filter?.name ?? '' })}</Text>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose} disabled={remove.isPending} data-autofocus>
            {t('deleteModal.cancel')}
          </Button>
          <Button color="red" onClick={confirm} loading={remove.isPending}>
            {t('deleteModal.confirm')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
