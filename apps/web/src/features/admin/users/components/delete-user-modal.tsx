import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import type { TUser } from '@rounds/contracts/user';
import { IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { MODAL_STYLES } from '../../../../components/modal-styles';
import { useDeleteUser } from '../api/delete-user';

type TDeleteUserModalProps = {
  user: TUser | null;
  onClose: () => void;
  /** After the server removed the user (the modal has closed). */
  onDeleted: (user: TUser) => void;
};

/** Confirms deleting a user; closes and refreshes the list after success (doc 2 section 4). */
export function DeleteUserModal({ user, onClose, onDeleted }: TDeleteUserModalProps) {
  const { t } = useTranslation('adminUsers');
  const remove = useDeleteUser();
  const name = user ? `${user.firstName} ${user.lastName}`.trim() : '';
  return (
    <Modal opened={user !== null} onClose={onClose} title={t('deleteModal.title')} styles={MODAL_STYLES} centered>
      <Stack gap="lg">
        <Text fz="sm">{t('deleteModal.body', { name })}</Text>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose} disabled={remove.isPending} data-autofocus>
            {t('cancel')}
          </Button>
          <Button
            color="red"
            leftSection={<IconTrash size={16} stroke={1.8} />}
            loading={remove.isPending}
            onClick={() => {
              if (!user) return;
              remove.mutate(user.id, {
                onSuccess: () => {
                  onClose();
                  onDeleted(user);
                },
              });
            }}
          >
            {t('deleteModal.confirm')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
