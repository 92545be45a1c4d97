import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

type TConfirmDeleteModalProps = {
  /** The name of what would be deleted; the modal is closed while it is null. */
  name: string | null;
  title: string;
  busy: boolean;
  onClose: () => void;
  onConfirm: () => void;
};

/** Asks before a reference item is deleted: its members lose it from their profiles. */
export function ConfirmDeleteModal({ name, title, busy, onClose, onConfirm }: TConfirmDeleteModalProps) {
  const { t } = useTranslation('admin-sections');
  const { t: common } = useTranslation();
  return (
    <Modal opened={name !== null} onClose={onClose} title={title} centered radius="lg">
      <Stack gap="lg">
        <Text fz="sm">{t('reference.deleteBody', { name: name ?? '' })}</Text>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose}>
            {common('common.cancel')}
          </Button>
          <Button color="red" loading={busy} onClick={onConfirm} data-autofocus>
            {t('reference.confirmDelete')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
